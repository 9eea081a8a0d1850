import { importSPKI } from 'jose';
import type { MqttClient } from 'mqtt';
import { SimStation } from '@infra/local/simulator';
import { issueStationCertificates } from './scale-certs';
import { startSelfSampler, summarize, type SentHeartbeat, type SimulatedVend, type StationsInit, type StationsMessage, type ToStations } from './scale-shared';

/**
 * The station process of the scale run (started by test/bench/scale.ts, never on its own): thousands of
 * simulated stations (SimStation of infra/local/simulator.ts: real MQTT clients over mutual TLS with their
 * own certificates), connected with bounded concurrency, then heartbeating at the real interval with the
 * first heartbeats spread uniformly over one interval. Every heartbeat carries a counters.uptimeSeconds that
 * is unique per station (its uptime, at least one more than the last one), so the parent can match each one
 * it finds in DynamoDB Local to the one sent. A connection the broker or the network closes is reported and
 * reconnected, as a station's firmware would.
 */
const send = (message: StationsMessage) => void (process.connected && process.send?.(message));
if (!process.send) {
  console.error('test/bench/scale-stations.ts is started by test/bench/scale.ts (npm run scale)');
  process.exit(2);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Entry {
  station: SimStation;
  sent: SentHeartbeat[];
  lastUptime: number;
  timer?: NodeJS.Timeout;
  /** Closed on purpose (the disconnect sample, the end of the run): not an unexpected close. */
  leaving: boolean;
}

let init: StationsInit;
const entries = new Map<string, Entry>();
let stopped = false;
let heartbeating = false;
let inFlight = 0;
let publishErrors = 0;
let unexpectedCloses = 0;
let reconnects = 0;
let sentCount = 0;
let ackedCount = 0;
const connectedCount = () => {
  let n = 0;
  for (const entry of entries.values()) if (entry.station.connected) n++;
  return n;
};

async function connect(entry: Entry, attempts = 5): Promise<{ ms: number; failures: number } | null> {
  let failures = 0;
  for (let attempt = 0; attempt < attempts && !stopped; attempt++) {
    const started = performance.now();
    try {
      const client = await entry.station.connect({ timeoutMs: init.connectTimeoutMs });
      watch(entry, client);
      return { ms: performance.now() - started, failures };
    } catch (error) {
      failures++;
      entry.station.drop();
      if (failures === 1) send({ type: 'log', line: `${entry.station.id}: connect failed (${(error as Error).message}); retrying` });
      await sleep(1000 * 2 ** attempt);
    }
  }
  return null;
}

function watch(entry: Entry, client: MqttClient) {
  client.once('close', () => {
    if (stopped || entry.leaving || entry.station.client !== client) return;
    unexpectedCloses++;
    entry.station.client = undefined;
    send({ type: 'closed', id: entry.station.id, at: Date.now() });
    // Back after 5 s, as the simulator's fleet does; heartbeats resume on their schedule once connected.
    setTimeout(() => {
      void connect(entry).then((result) => {
        if (result) {
          reconnects++;
          send({ type: 'reconnected', id: entry.station.id, at: Date.now() });
        }
      });
    }, 5000);
  });
}

async function connectAll() {
  const list = [...entries.values()];
  const started = performance.now();
  const times: number[] = [];
  const gaveUp: string[] = [];
  let next = 0;
  let failedAttempts = 0;
  const worker = async () => {
    while (next < list.length && !stopped) {
      const entry = list[next++]!;
      const result = await connect(entry);
      if (!result) {
        gaveUp.push(entry.station.id);
        continue;
      }
      failedAttempts += result.failures;
      times.push(result.ms);
      if (times.length % 1000 === 0) send({ type: 'progress', connected: times.length, failedAttempts, ms: Math.round(performance.now() - started) });
    }
  };
  await Promise.all(Array.from({ length: init.concurrency }, worker));
  send({ type: 'connected', ms: Math.round(performance.now() - started), connected: times.length, failedAttempts, gaveUp, connectMs: summarize(times) });
}

function beat(entry: Entry) {
  const { station } = entry;
  if (!station.connected) return; // down (reported as closed): nothing is sent, nothing can be lost
  station.drift();
  const s = station.state;
  const sentAt = Date.now();
  const uptimeSeconds = Math.max(Math.floor((sentAt - s.startedAt) / 1000), entry.lastUptime + 1);
  entry.lastUptime = uptimeSeconds;
  const record: SentHeartbeat = [uptimeSeconds, sentAt, -1];
  entry.sent.push(record);
  sentCount++;
  inFlight++;
  station.heartbeat({ counters: { dispensedMl: s.dispensedMl, vends: s.vends, failures: s.failures, uptimeSeconds }, timestamp: sentAt })
    .then(() => void ((record[2] = Date.now() - sentAt), ackedCount++), () => void publishErrors++)
    .finally(() => inFlight--);
}

function startHeartbeats() {
  heartbeating = true;
  const interval = init.heartbeatSeconds * 1000;
  const t0 = Date.now();
  const schedule = (entry: Entry, at: number) => {
    entry.timer = setTimeout(() => {
      if (!heartbeating || entry.leaving) return;
      beat(entry);
      schedule(entry, at + interval);
    }, Math.max(0, at - Date.now()));
  };
  // First heartbeats uniformly over one interval, then every interval (no drift: planned times, not "60 s after the last").
  for (const entry of entries.values()) schedule(entry, t0 + Math.random() * interval);
  send({ type: 'heartbeats-started', at: t0 });
}

// ---------------------------------------------------------------------------------------------------------
// The mixed run's vends: at a fixed rate across the fleet, each at a station not vending already, paid with a
// token of the bench users in turn; a completed vend is reported with a heartbeat right away (on change).

const vends: SimulatedVend[] = [];
const vendErrors: Record<string, number> = {};
const vending = new Set<string>();
const vendsInFlight = new Set<Promise<void>>();
let vendTimer: NodeJS.Timeout | undefined;

function startVends(api: string, userTokens: string[], perSecond: number) {
  const list = [...entries.values()];
  let turn = 0;
  const once = async () => {
    let entry: Entry | undefined;
    for (let tries = 0; tries < 20 && !entry; tries++) {
      const candidate = list[Math.floor(Math.random() * list.length)]!;
      if (candidate.station.connected && !candidate.leaving && !vending.has(candidate.station.id)) entry = candidate;
    }
    if (!entry) return void (vendErrors['no idle connected station'] = (vendErrors['no idle connected station'] ?? 0) + 1);
    const id = entry.station.id;
    vending.add(id);
    const started = performance.now();
    try {
      const userToken = userTokens[turn++ % userTokens.length];
      const response = await fetch(`${api}/api/nfc/generate-token`, { method: 'POST', headers: { authorization: `Bearer ${userToken}` } });
      if (response.status !== 200) throw new Error(`token: HTTP ${response.status}`);
      const { token } = (await response.json()) as { token: string };
      const tokenMs = performance.now() - started;
      const result = await entry.station.vend(token, { flowMlPerSecond: Infinity });
      vends.push({ stationId: id, sessionId: 'sessionId' in result ? result.sessionId : null, outcome: result.outcome, dispensedMl: 'volumeMl' in result ? result.volumeMl : 0, ms: performance.now() - started, tokenMs });
      if (result.outcome === 'completed' && heartbeating) beat(entry);
    } catch (error) {
      const key = (error as Error).message.replace(/[A-Z]{3}-\d+/g, '<station>').replace(/request \w+/, 'request <id>');
      vendErrors[key] = (vendErrors[key] ?? 0) + 1;
    } finally {
      vending.delete(id);
    }
  };
  vendTimer = setInterval(() => {
    const running = once().finally(() => vendsInFlight.delete(running));
    vendsInFlight.add(running);
  }, 1000 / perSecond);
}

async function stopVends() {
  clearInterval(vendTimer);
  await Promise.race([Promise.all(vendsInFlight), sleep(30_000)]);
  return { vends: vends.splice(0), errors: vendErrors };
}

async function settle(timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (inFlight > 0 && Date.now() < deadline) await sleep(50);
}

process.on('message', (message: ToStations) => {
  void (async () => {
    switch (message.type) {
      case 'init': {
        init = message;
        const sampler = startSelfSampler(init.sampleMs, (sample) => send({ type: 'sample', sample, heartbeats: { sent: sentCount, acked: ackedCount, inFlight, connected: connectedCount() } }));
        const started = performance.now();
        const identities = await issueStationCertificates(init.caDir, init.ids);
        sampler.flush(); // the issuing (synchronous, seconds) ends this sample, before the ramp's
        send({ type: 'certs', ms: Math.round(performance.now() - started) });
        const vendPublicKey = init.vendPublicKeyPem ? await importSPKI(init.vendPublicKeyPem, 'ES256') : undefined;
        for (const identity of identities) {
          entries.set(identity.id, { station: new SimStation(identity, { brokerUrl: init.brokerUrl, ...(vendPublicKey ? { vendPublicKey } : {}) }), sent: [], lastUptime: 0, leaving: false });
        }
        await connectAll();
        break;
      }
      case 'start-heartbeats':
        startHeartbeats();
        break;
      case 'stop-heartbeats': {
        heartbeating = false;
        for (const entry of entries.values()) clearTimeout(entry.timer);
        const inFlightAtStop = inFlight;
        await settle();
        send({ type: 'heartbeats-stopped', at: Date.now(), inFlightAtStop });
        break;
      }
      case 'disconnect': {
        const pick = (ids: string[]) => ids.map((id) => entries.get(id)!).filter(Boolean);
        for (const entry of [...pick(message.graceful), ...pick(message.dropped)]) {
          entry.leaving = true;
          clearTimeout(entry.timer);
        }
        await settle();
        // A clean MQTT DISCONNECT for some, a connection that just dies (4G lost) for the others.
        await Promise.all(pick(message.graceful).map((e) => e.station.close()));
        for (const entry of pick(message.dropped)) entry.station.drop();
        send({ type: 'disconnected', at: Date.now(), graceful: message.graceful, dropped: message.dropped });
        break;
      }
      case 'start-vends':
        startVends(message.api, message.userTokens, message.perSecond);
        break;
      case 'stop-vends':
        send({ type: 'vends-stopped', ...(await stopVends()) });
        break;
      case 'report':
        send({
          type: 'report',
          sent: Object.fromEntries([...entries].map(([id, e]) => [id, e.sent])),
          publishErrors,
          unexpectedCloses,
          reconnects,
          connected: [...entries.values()].filter((e) => e.station.connected).length,
        });
        break;
      case 'close':
        stopped = true;
        for (const entry of entries.values()) {
          entry.leaving = true;
          clearTimeout(entry.timer);
          entry.station.drop();
        }
        setTimeout(() => process.exit(0), 200);
        break;
    }
  })().catch((error: unknown) => {
    send({ type: 'log', line: `station process error: ${(error as Error).stack ?? String(error)}` });
  });
});
process.on('disconnect', () => process.exit(0));
process.on('SIGINT', () => undefined); // the parent decides when this process ends
