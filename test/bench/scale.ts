import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createDocumentClient } from '@functions/platform/adapters/dynamodb/client';
import type { LocalOutputs } from '@infra/local/stack';
import { HEARTBEAT_INTERVAL_SECONDS } from '@shared/constants';
import {
  openFileLimits, procSampler, readSystemCpu, round, startChild, startSelfSampler, summarize,
  type ProcSample, type ProfileSummary, type SentHeartbeat, type SimulatedVend, type StackMessage, type StationsMessage, type ToStack, type ToStations,
} from './scale-shared';
import { freeMem, gitState, os, resourceTable, steadyTimeline, type Phase, type ProcName } from './scale-report';
import { observe, probeWriteCeiling, readAll, readHistories, readSome, seedMachines, stationIds, statusOf, type Observed, type Row } from './scale-table';
import { prepareMixed, startPageLoads, vendFigures, verifyVends, waitForStationList } from './scale-mixed';

/**
 * `npm run scale [-- --stations 10000 --minutes 3]`: the simulator's stations against the local broker at scale.
 *
 * Three processes (plus DynamoDB Local's JVM), so that each side is measured on its own:
 * - this one: seeds the machine records, verifies everything from DynamoDB Local, samples CPU and memory;
 * - the stack (scale-stack.ts): startLocalStack in memory on free ports; the broker and its IoT rule handlers;
 * - the stations (scale-stations.ts): N simulated stations over mutual TLS, certificates from the local CA.
 *
 * Stations connect with bounded concurrency, then heartbeat every --interval (60 s: five times the real floor of
 * HEARTBEAT_INTERVAL_SECONDS, as a station reporting changes often would; first heartbeats
 * spread uniformly over one interval) for --minutes. Every heartbeat carries an uptimeSeconds unique per station;
 * the table is read every --scan-seconds (shorter than the interval, so each stored heartbeat is seen before the
 * next one replaces it), and a heartbeat counts as stored only when its own value was read back. Statuses must be
 * online in every read; then a sample disconnects (half with a clean DISCONNECT, half by a dead socket) and must
 * turn offline while the rest stay online. Exits 1 on a lost heartbeat, a wrong status, a station that could not
 * connect or a connection that dropped. Writes bench/scale.json.
 *
 * `--mixed` (issue 18, item 7) runs the real cadence instead (a heartbeat at least every HEARTBEAT_INTERVAL_SECONDS,
 * and one after each vend), with vends across the fleet (--vends per second, paid with NFC tokens of one bench user)
 * and app page loads (--pages per second) for 5 minutes; a heartbeat then counts as stored when its reading is in the
 * station's history (several of one station can fall between two reads of the live values), and every completed vend
 * must be settled and charged exactly (scale-mixed.ts).
 */

/** A heartbeat a minute per station: the rate stations reporting changes often reach, and the old fixed cadence. */
const STRESS_INTERVAL_SECONDS = 60;

const USAGE = `Usage: npm run scale -- [options]

  --stations N          simulated stations                                     default 10000
  --minutes M           steady state with heartbeats, minutes                  default 3
  --interval S          heartbeat interval, seconds                            default ${STRESS_INTERVAL_SECONDS} (${HEARTBEAT_INTERVAL_SECONDS / STRESS_INTERVAL_SECONDS}x the real floor)
  --sample N            stations disconnected at the end (half clean, half dropped)  default 100
  --concurrency N       connects in flight during the ramp                     default 50
  --scan-seconds S      seconds between reads of all stations from DynamoDB Local   default 20
  --sample-seconds S    seconds between CPU / memory samples                   default 2
  --profile             CPU profiles of the stack process during the ramp and the steady state (bench/scale-stack-*.cpuprofile)
  --mixed               the real cadence with vends and app page loads (defaults then: --minutes 5, --interval ${HEARTBEAT_INTERVAL_SECONDS})
  --vends N             vends per second across the fleet (--mixed)             default 5
  --pages N             app page loads per second (--mixed)                     default 20
`;

const { values: args } = parseArgs({
  options: {
    stations: { type: 'string', default: '10000' },
    minutes: { type: 'string' },
    interval: { type: 'string' },
    sample: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '50' },
    'scan-seconds': { type: 'string', default: '20' },
    'sample-seconds': { type: 'string', default: '2' },
    profile: { type: 'boolean', default: false },
    mixed: { type: 'boolean', default: false },
    vends: { type: 'string', default: '5' },
    pages: { type: 'string', default: '20' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const N = Number(args.stations);
const MIXED = args.mixed;
const MINUTES = Number(args.minutes ?? (MIXED ? 5 : 3));
const INTERVAL = Number(args.interval ?? (MIXED ? HEARTBEAT_INTERVAL_SECONDS : STRESS_INTERVAL_SECONDS));
const VENDS_PER_SECOND = Number(args.vends);
const PAGES_PER_SECOND = Number(args.pages);
const SAMPLE = Math.min(Number(args.sample), N - 1);
const CONCURRENCY = Number(args.concurrency);
const SCAN_MS = Number(args['scan-seconds']) * 1000;
const SAMPLE_MS = Number(args['sample-seconds']) * 1000;
if (!Number.isInteger(N) || N < 2 || N > 99_999) throw new Error('--stations must be a whole number from 2 to 99999');
if (!(MINUTES > 0) || !(INTERVAL > 0) || !(SCAN_MS > 0) || !(SAMPLE_MS > 0) || !(CONCURRENCY >= 1) || !(SAMPLE >= 0) || !(VENDS_PER_SECOND > 0) || !(PAGES_PER_SECOND > 0)) throw new Error(USAGE);
if (SCAN_MS >= INTERVAL * 1000 / 2) console.warn(`  warning: --scan-seconds should be well under half the interval, or a stored heartbeat may be replaced before it is read`);

// Lambda runs Node 22; the SDK's warning about the local Node 20 is noise here (as in infra/local/stack.ts).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const ROOT = join(import.meta.dirname, '../..');
const ids = stationIds(N);
const log = (line: string) => console.log(`  ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const startedAt = Date.now();
const elapsed = () => `${Math.round((Date.now() - startedAt) / 1000)}s`.padStart(5);

// ---------------------------------------------------------------------------------------------------------
// Phases and samples

let phase: Phase = 'start';
const phases: { phase: Phase; from: number; to?: number }[] = [{ phase, from: Date.now() }];
const enter = (next: Phase) => {
  phases.at(-1)!.to = Date.now();
  phases.push({ phase: next, from: Date.now() });
  phase = next;
};
const samples: Record<ProcName, (ProcSample & { phase: Phase })[]> = { stack: [], stations: [], dynamodb: [], verifier: [], machine: [] };
const record = (name: ProcName, sample: ProcSample | null) => sample && samples[name].push({ ...sample, phase });

// ---------------------------------------------------------------------------------------------------------
// Children

// One socket per station in each of the two processes, plus headroom; never lower than the limit they inherit.
const limits = openFileLimits();
const openFiles = Math.max(limits.soft, N + 4096);
if (limits.hard < openFiles) log(`note: the hard open-file limit is ${limits.hard}; children ask for ${openFiles} and get at most that`);
const children: ChildProcess[] = [];
let stackChild: ChildProcess | undefined;
let stationsChild: ChildProcess | undefined;

/**
 * Output of the child processes (handler logs of the stack: JSON lines as Powertools writes them, rule failures),
 * counted by level and message. Output after the run (phase 'stop': every station's disconnect reaching the
 * presence handler at once while the stack shuts down) is counted apart and not printed.
 */
const handlerLog = new Map<string, number>();
const errorTimes: number[] = [];
const teardownLog = new Map<string, number>();
let printedOther = 0;
function tallyOutput(stream: NodeJS.ReadableStream, label: string) {
  createInterface({ input: stream }).on('line', (line) => {
    let key: string;
    let print = false;
    const tally = phase === 'stop' ? teardownLog : handlerLog;
    if (line.startsWith('{')) {
      try {
        const entry = JSON.parse(line) as { level?: string; message?: string };
        key = `${String(entry.level ?? '?').toLowerCase()}: ${entry.message ?? '?'}`;
      } catch {
        key = 'unparsed JSON line';
      }
      print = !key.startsWith('info') && (tally.get(key) ?? 0) < 3;
    } else {
      const rule = /^local IoT rule (\w+) failed/.exec(line);
      if (rule) key = `error: local IoT rule ${rule[1]} failed`;
      else if (/^\s+at |^\s*\}|^\s+\[cause\]/.test(line)) return; // the rest of a stack trace
      else key = 'other output';
      print = printedOther++ < 40;
    }
    tally.set(key, (tally.get(key) ?? 0) + 1);
    if (key.startsWith('error') && phase !== 'stop') errorTimes.push(Date.now());
    if (print && phase !== 'stop') console.log(`  [${label}] ${line.slice(0, 400)}`);
  });
}

function waitFor<T extends { type: string }, K extends T['type']>(child: ChildProcess, type: K, timeoutMs: number): Promise<Extract<T, { type: K }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (cleanup(), reject(new Error(`no '${type}' from the ${child === stackChild ? 'stack' : 'station'} process within ${timeoutMs / 1000} s`))), timeoutMs);
    const onMessage = (message: T) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<T, { type: K }>);
    };
    const onExit = (code: number | null) => (cleanup(), reject(new Error(`the ${child === stackChild ? 'stack' : 'station'} process exited (${code}) while waiting for '${type}'`)));
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
const toStack = (message: ToStack) => stackChild?.connected && stackChild.send(message);
const toStations = (message: ToStations) => stationsChild?.connected && stationsChild.send(message);

let javaPid: number | null = null;
let shuttingDown = false;
async function shutdown() {
  if (shuttingDown) return;
  shuttingDown = true;
  if (stationsChild?.exitCode === null) {
    toStations({ type: 'close' });
    await Promise.race([new Promise((r) => stationsChild!.once('exit', r)), sleep(10_000)]);
    if (stationsChild.exitCode === null) stationsChild.kill('SIGKILL');
  }
  if (stackChild?.exitCode === null) {
    toStack({ type: 'stop' });
    // It gives its own stop 30 s, then exits and takes DynamoDB Local's JVM with it.
    await Promise.race([new Promise((r) => stackChild!.once('exit', r)), sleep(45_000)]);
    if (stackChild.exitCode === null) stackChild.kill('SIGKILL');
  }
  // Last resort: the JVM this run started must not outlive it.
  try {
    if (javaPid && readFileSync(`/proc/${javaPid}/cmdline`, 'utf8').includes('DynamoDBLocal')) process.kill(javaPid, 'SIGKILL');
  } catch {
    // gone, as it should be
  }
}
process.on('SIGINT', () => {
  log('interrupted: stopping the station and stack processes');
  void shutdown().then(() => process.exit(130));
});

// ---------------------------------------------------------------------------------------------------------
// The run

const disturbed = new Map<string, number>(); // stations whose connection closed unexpectedly, and when
const wrongInSteady = new Map<string, { at: number; stored: string; effective: string }>();
let steadyReads = 0;
let lastStationCounts = { sent: 0, acked: 0, inFlight: 0, connected: 0 };
const stationCounts: { t: number; sent: number; acked: number }[] = [];
const report: Record<string, unknown> = {};
const scanTimes: number[] = [];
const observed: Observed = new Map();
let exitCode = 1;

try {
  log(`Scale run: ${N} stations, ${MINUTES} min of heartbeats every ${INTERVAL} s${MIXED ? `, ${VENDS_PER_SECOND} vends/s, ${PAGES_PER_SECOND} app page loads/s` : ''}, ${os()}`);
  const verifierSampler = startSelfSampler(SAMPLE_MS, (s) => record('verifier', s));
  let lastSystem = readSystemCpu();
  let javaSample: (() => ProcSample | null) | undefined;
  const machineTimer = setInterval(() => {
    const now = readSystemCpu();
    const busy = (now.busy - lastSystem.busy) / Math.max(1, now.total - lastSystem.total);
    record('machine', { t: Date.now(), cpuPct: round(busy * 100 * now.cores), rssMb: round((totalmem() - freeMem()) / 1024 / 1024) });
    lastSystem = now;
    if (javaSample) record('dynamodb', javaSample());
  }, SAMPLE_MS);
  machineTimer.unref();

  // 1. The stack, in its own process.
  log('starting the local stack (in memory, free ports) in its own process');
  stackChild = startChild(join(import.meta.dirname, 'scale-stack.ts'), { openFiles, maxOldSpaceMb: 4096, env: { SCALE_SAMPLE_MS: String(SAMPLE_MS) } });
  children.push(stackChild);
  tallyOutput(stackChild.stdout!, 'stack');
  tallyOutput(stackChild.stderr!, 'stack');
  stackChild.on('message', (m: StackMessage) => {
    if (m.type === 'log') log(`stack: ${m.line}`);
    else if (m.type === 'sample') record('stack', m.sample);
  });
  const ready = await waitFor<StackMessage, 'ready'>(stackChild, 'ready', 180_000);
  const outputs: LocalOutputs = ready.outputs;
  javaPid = ready.javaPid;
  if (ready.javaPid) javaSample = procSampler(ready.javaPid);
  else log('warning: DynamoDB Local\'s java process was not found; its CPU and memory are not sampled');
  log(`stack ready (pid ${ready.pid}, DynamoDB Local pid ${ready.javaPid ?? '?'}, broker ${outputs.stations.broker})`);
  const db = createDocumentClient({ tableName: outputs.dynamodb.tableName, endpoint: outputs.dynamodb.endpoint });
  const tableName = outputs.dynamodb.tableName;
  const mixed = MIXED ? await prepareMixed(outputs, log) : null;

  // 2. Machine records, written directly (offline, never heartbeated).
  enter('seed');
  const seedStarted = performance.now();
  await seedMachines(db, tableName, ids, (seeded) => log(`[${elapsed()}] seeding ${seeded}/${N}`));
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  log(`seeded ${N} machine records in ${seedSeconds.toFixed(1)} s`);

  // 3. The stations, in their own process: certificates, then the connect ramp.
  enter('certs');
  stationsChild = startChild(join(import.meta.dirname, 'scale-stations.ts'), { openFiles, maxOldSpaceMb: 6144 });
  children.push(stationsChild);
  tallyOutput(stationsChild.stdout!, 'stations');
  tallyOutput(stationsChild.stderr!, 'stations');
  stationsChild.on('message', (m: StationsMessage) => {
    if (m.type === 'log') log(`stations: ${m.line}`);
    else if (m.type === 'sample') {
      record('stations', m.sample);
      lastStationCounts = m.heartbeats;
      stationCounts.push({ t: m.sample.t, sent: m.heartbeats.sent, acked: m.heartbeats.acked });
    } else if (m.type === 'certs') {
      log(`${N} station certificates issued from the local CA in ${(m.ms / 1000).toFixed(1)} s`);
      enter('ramp');
      if (args.profile) toStack({ type: 'profile-start' });
    }
    else if (m.type === 'progress') log(`[${elapsed()}] connected ${m.connected}/${N} over mutual TLS (${(m.connected / (m.ms / 1000)).toFixed(0)}/s, ${m.failedAttempts} failed attempts)`);
    else if (m.type === 'closed') {
      disturbed.set(m.id, m.at);
      if (disturbed.size <= 20) log(`[${elapsed()}] ${m.id}: connection closed by the broker or the network (${phase})`);
    } else if (m.type === 'reconnected' && disturbed.size <= 20) log(`[${elapsed()}] ${m.id}: reconnected`);
  });
  toStations({ type: 'init', brokerUrl: outputs.stations.broker, caDir: outputs.stations.caDir, ids, heartbeatSeconds: INTERVAL, concurrency: CONCURRENCY, connectTimeoutMs: 30_000, sampleMs: SAMPLE_MS, ...(mixed ? { vendPublicKeyPem: mixed.vendPublicKeyPem } : {}) });
  const ramp = await waitFor<StationsMessage, 'connected'>(stationsChild, 'connected', 15 * 60_000);
  const rampProfile = args.profile ? await profileStop('ramp') : null;
  log(`ramp: ${ramp.connected}/${N} connected in ${(ramp.ms / 1000).toFixed(1)} s (${(ramp.connected / (ramp.ms / 1000)).toFixed(0)}/s; connect p50 ${ramp.connectMs.p50} ms, p99 ${ramp.connectMs.p99} ms; ${ramp.failedAttempts} failed attempts${ramp.gaveUp.length ? `; ${ramp.gaveUp.length} gave up` : ''})`);

  const gaveUp = new Set(ramp.gaveUp);

  // 4. Presence: every connected station online in DynamoDB before the heartbeats start.
  enter('settle');
  const settleStarted = Date.now();
  let online = 0;
  for (;;) {
    const rows = await readAll(db, tableName, scanTimes);
    online = rows.filter((r) => r.status === 'online').length;
    if (online >= ramp.connected || Date.now() - settleStarted > 180_000) break;
    log(`[${elapsed()}] online in DynamoDB: ${online}/${ramp.connected} (presence events being applied)`);
    await sleep(3000);
  }
  const settleSeconds = (Date.now() - settleStarted) / 1000;
  log(`presence: ${online}/${ramp.connected} online in DynamoDB ${settleSeconds.toFixed(1)} s after the ramp`);
  // What DynamoDB Local takes here, warm (the ramp's presence writes warmed its JVM), before the heartbeats start.
  const ceiling = await probeWriteCeiling(db, tableName, ids);
  log(`DynamoDB Local write ceiling (heartbeat-shaped UpdateItem, 50 in flight, from this process): ${ceiling.alone.perSecond}/s alone (p50 ${ceiling.alone.ms.p50} ms), ${ceiling.duringRead.perSecond}/s while one read of all ${N} stations runs (${ceiling.readMs} ms)`);

  if (mixed) await waitForStationList(outputs);

  // 5. Steady state: heartbeats at the interval, every station read back every SCAN_MS.
  enter('steady');
  toStack({ type: 'dynamo-stats-reset' });
  if (args.profile) toStack({ type: 'profile-start' });
  toStations({ type: 'start-heartbeats' });
  const steadyStarted = Date.now();
  if (mixed) toStations({ type: 'start-vends', api: outputs.api, userTokens: mixed.users.map((u) => u.token), perSecond: VENDS_PER_SECOND });
  const pages = mixed ? startPageLoads(outputs, mixed.users.map((u) => u.token), PAGES_PER_SECOND) : null;
  const steadyEnd = steadyStarted + MINUTES * 60_000;
  while (Date.now() < steadyEnd) {
    await sleep(Math.min(SCAN_MS, Math.max(0, steadyEnd - Date.now())));
    const rows = await readAll(db, tableName, scanTimes);
    observe(observed, rows);
    steadyReads++;
    const now = new Date();
    for (const row of rows) {
      if (disturbed.has(row.id) || gaveUp.has(row.id)) continue;
      const status = statusOf(row, now);
      if ((status.stored !== 'online' || status.effective !== 'online') && !wrongInSteady.has(row.id)) wrongInSteady.set(row.id, { at: now.getTime(), ...status });
    }
    const stored = [...observed.values()].reduce((n, m) => n + m.size, 0);
    log(`[${elapsed()}] heartbeats sent ${lastStationCounts.sent}, acked ${lastStationCounts.acked}, read back ${stored} · ${lastStationCounts.connected} connected · wrong statuses ${wrongInSteady.size} · read of ${rows.length} stations ${Math.round(scanTimes.at(-1)!)} ms`);
  }

  // 6. Verify: stop the vends and page loads, then the heartbeats, let ingest drain, then every heartbeat sent must have been stored.
  enter('verify');
  const pageLoads = await pages?.stop();
  let vendsDone: { vends: SimulatedVend[]; errors: Record<string, number> } | null = null;
  if (mixed) {
    toStations({ type: 'stop-vends' });
    vendsDone = await waitFor<StationsMessage, 'vends-stopped'>(stationsChild, 'vends-stopped', 60_000);
  }
  toStations({ type: 'stop-heartbeats' });
  const stoppedAt = await waitFor<StationsMessage, 'heartbeats-stopped'>(stationsChild, 'heartbeats-stopped', 60_000);
  const steadySeconds = (stoppedAt.at - steadyStarted) / 1000;
  const profile = args.profile ? await profileStop('steady') : null;
  toStack({ type: 'dynamo-stats' });
  const dynamoStats = (await waitFor<StackMessage, 'dynamo-stats'>(stackChild, 'dynamo-stats', 30_000)).stats;
  toStations({ type: 'report' });
  const sentReport = await waitFor<StationsMessage, 'report'>(stationsChild, 'report', 60_000);
  const lastSent = new Map(Object.entries(sentReport.sent).map(([id, list]) => [id, list.at(-1)?.[0]]));
  const drainStarted = Date.now();
  let finalRows: Row[] = [];
  for (;;) {
    finalRows = await readAll(db, tableName, scanTimes);
    observe(observed, finalRows);
    const behind = finalRows.filter((r) => lastSent.get(r.id) !== undefined && r.counters?.uptimeSeconds !== lastSent.get(r.id)).length;
    if (!behind || Date.now() - drainStarted > 120_000) break;
    log(`[${elapsed()}] waiting for ingest: ${behind} stations' last heartbeat not stored yet`);
    await sleep(2000);
  }
  const drainSeconds = (Date.now() - drainStarted) / 1000;
  // The mixed run: each station's history of readings, where every heartbeat stored is, however close two of them came.
  const histories = mixed ? await readHistories(db, tableName, ids) : null;
  const vendCheck = mixed && vendsDone ? await verifyVends(vendsDone.vends, mixed.users, db, tableName) : null;
  if (vendCheck) log(`vends: ${vendCheck.completed} completed, ${vendCheck.unsettled} not settled, ${vendCheck.wrong.length} settled wrong; Rp ${vendCheck.charged} charged, Rp ${vendCheck.held} held by open sessions; ${vendCheck.users - vendCheck.balancesWrong.length}/${vendCheck.users} balances = before - charged - held, ${vendCheck.users - vendCheck.ledgersWrong.length}/${vendCheck.users} = their ledger's sum`);

  // Every station online while connected (stored status and the status people see).
  const now = new Date();
  const wrongWhileConnected = finalRows.filter((r) => {
    const s = statusOf(r, now);
    return s.stored !== 'online' || s.effective !== 'online';
  }).map((r) => ({ id: r.id, ...statusOf(r, now) }));
  const missingRows = N - finalRows.length;

  // The heartbeats: each one sent must have been read back with its own uptimeSeconds.
  let sent = 0;
  let acked = 0;
  let stored = 0;
  const lost: { id: string; uptimeSeconds: number; sentAt: string; acked: boolean }[] = [];
  const lags: number[] = [];
  const acks: number[] = [];
  let seenOnce = 0;
  let minSeen = Infinity;
  let lastNotStored = 0;
  const finalById = new Map(finalRows.map((r) => [r.id, r]));
  for (const [id, list] of Object.entries(sentReport.sent) as [string, SentHeartbeat[]][]) {
    const seen = observed.get(id);
    for (const [uptime, sentAt, ackMs] of list) {
      sent++;
      if (ackMs >= 0) (acked++, acks.push(ackMs));
      const hit = seen?.get(uptime);
      if (histories ? histories.get(id)?.has(uptime) : hit) stored++;
      else lost.push({ id, uptimeSeconds: uptime, sentAt: new Date(sentAt).toISOString(), acked: ackMs >= 0 });
      if (hit) {
        lags.push(Date.parse(hit.lastHeartbeat) - sentAt);
        // How much margin the reads had: a station's last heartbeat is confirmed by the final read instead.
        if (uptime !== list.at(-1)![0]) {
          minSeen = Math.min(minSeen, hit.seen);
          if (hit.seen === 1) seenOnce++;
        }
      }
    }
    const final = finalById.get(id);
    if (list.length && final?.counters?.uptimeSeconds !== list.at(-1)![0]) lastNotStored++;
  }
  const perStation = Object.values(sentReport.sent).map((l) => l.length);
  log(`heartbeats: ${sent} sent, ${acked} acknowledged, ${stored} read back from DynamoDB Local, ${lost.length} lost; every station's stored uptime equals its last one sent: ${lastNotStored ? `NO (${lastNotStored} differ)` : 'yes'}`);

  // 7. A sample disconnects: half with a clean DISCONNECT, half by a dead socket. They go offline, the rest stay online.
  const sample = Array.from({ length: SAMPLE }, (_, i) => ids[Math.floor(((i + 0.5) * N) / SAMPLE)]!).filter((id) => !ramp.gaveUp.includes(id));
  const graceful = sample.filter((_, i) => i % 2 === 0);
  const dropped = sample.filter((_, i) => i % 2 === 1);
  toStations({ type: 'disconnect', graceful, dropped });
  const disconnected = await waitFor<StationsMessage, 'disconnected'>(stationsChild, 'disconnected', 60_000);
  const sampleSet = new Set(sample);
  const gracefulSet = new Set(graceful);
  const droppedSet = new Set(dropped);
  const offlineStarted = Date.now();
  for (;;) {
    // Only the sample's records (a full read every second would slow DynamoDB Local, and with it the presence writes).
    await sleep(500);
    const stillOnline = (await readSome(db, tableName, sample)).filter((r) => r.status !== 'offline').length;
    if (!stillOnline || Date.now() - offlineStarted > 60_000) break;
    if (Date.now() - offlineStarted > 5000) log(`[${elapsed()}] ${stillOnline}/${sample.length} disconnected stations not offline yet`);
  }
  // Then everything, a few seconds later: the sample offline, nothing else moved.
  await sleep(3000);
  const afterRows = await readAll(db, tableName, scanTimes);
  const after = new Date();
  const wrongAfterDisconnect = afterRows.filter((r) => {
    const s = statusOf(r, after);
    const want = sampleSet.has(r.id) ? 'offline' : 'online';
    return s.stored !== want || s.effective !== want;
  }).map((r) => ({ id: r.id, expected: sampleSet.has(r.id) ? 'offline' : 'online', ...statusOf(r, after) }));
  const offlineAfter = afterRows.filter((r) => sampleSet.has(r.id) && r.status === 'offline').map((r) => Date.parse(r.updatedAt) - disconnected.at);
  const offlineMs = { graceful: summarize(afterRows.filter((r) => gracefulSet.has(r.id) && r.status === 'offline').map((r) => Date.parse(r.updatedAt) - disconnected.at)), dropped: summarize(afterRows.filter((r) => droppedSet.has(r.id) && r.status === 'offline').map((r) => Date.parse(r.updatedAt) - disconnected.at)) };
  log(`disconnect sample: ${offlineAfter.length}/${sample.length} offline (${graceful.length} clean disconnects, ${dropped.length} dropped sockets); ${wrongAfterDisconnect.length} wrong statuses among all ${afterRows.length}`);

  enter('stop');
  clearInterval(machineTimer);
  verifierSampler.stop();
  await shutdown();
  db.destroy();

  // 8. Report.
  const wrongStatuses = wrongInSteady.size + wrongWhileConnected.length + wrongAfterDisconnect.length + missingRows;
  const failures = [
    lost.length && `${lost.length} heartbeats lost`,
    wrongStatuses && `${wrongStatuses} wrong statuses`,
    ramp.gaveUp.length && `${ramp.gaveUp.length} stations never connected`,
    disturbed.size && `${disturbed.size} connections dropped unexpectedly`,
    sentReport.publishErrors && `${sentReport.publishErrors} heartbeat publishes failed`,
    vendCheck?.unsettled && `${vendCheck.unsettled} vends not settled`,
    vendCheck?.wrong.length && `${vendCheck.wrong.length} vends settled wrong`,
    vendCheck?.balancesWrong.length && `${vendCheck.balancesWrong.length} balances do not match the vends charged`,
    vendCheck?.ledgersWrong.length && `${vendCheck.ledgersWrong.length} balances do not match their ledger`,
    vendsDone && Object.keys(vendsDone.errors).length && `vends that did not complete: ${JSON.stringify(vendsDone.errors)}`,
    pageLoads && Object.keys(pageLoads.failures).length && `page loads failed: ${JSON.stringify(pageLoads.failures)}`,
  ].filter(Boolean) as string[];
  const vendStats = vendsDone ? vendFigures(vendsDone.vends) : null;

  const resources = resourceTable(samples, N);
  const result = {
    stations: N,
    connected: ramp.connected,
    'connect ramp': `${(ramp.ms / 1000).toFixed(1)} s (${(ramp.connected / (ramp.ms / 1000)).toFixed(0)}/s, ${CONCURRENCY} in flight)`,
    'connect latency p50 / p99': `${ramp.connectMs.p50} / ${ramp.connectMs.p99} ms`,
    'connect attempts failed (retried)': ramp.failedAttempts,
    'presence settled (all online)': `${settleSeconds.toFixed(1)} s after the ramp`,
    'steady state': `${steadySeconds.toFixed(0)} s, heartbeat every ${INTERVAL} s (${(sent / steadySeconds).toFixed(0)}/s offered)`,
    'heartbeats sent': sent,
    'heartbeats acknowledged (PUBACK)': acked,
    [histories ? 'heartbeats stored (in the station\'s history)' : 'heartbeats stored (read back)']: stored,
    'heartbeats lost': lost.length,
    'heartbeats per station (min-max)': `${Math.min(...perStation)}-${Math.max(...perStation)}`,
    'stored heartbeat seen by reads (min, not counting the last)': Number.isFinite(minSeen) ? `${minSeen}x (${seenOnce} seen only once)` : 'n/a',
    'PUBACK latency p50 / p99': `${summarize(acks).p50} / ${summarize(acks).p99} ms`,
    'delivery (sent -> handler stamps lastHeartbeat) p50 / p99 / max': `${summarize(lags).p50} / ${summarize(lags).p99} / ${summarize(lags).max} ms`,
    'heartbeat UpdateItem (handler -> stored) p50 / p99 / max': dynamoStats?.byOperation.UpdateItem ? `${dynamoStats.byOperation.UpdateItem.p50} / ${dynamoStats.byOperation.UpdateItem.p99} / ${dynamoStats.byOperation.UpdateItem.max} ms` : 'n/a',
    'DynamoDB calls in flight in the stack (mean / peak)': dynamoStats ? `${dynamoStats.inFlightMean} / ${dynamoStats.inFlightPeak}` : 'n/a',
    'DynamoDB Local write ceiling (alone / during a full read)': `${ceiling.alone.perSecond} / ${ceiling.duringRead.perSecond} per s`,
    'ingest drained after the last heartbeat': `${drainSeconds.toFixed(1)} s`,
    'wrong statuses while connected (steady reads)': `${wrongInSteady.size} (${steadyReads} reads of all stations)`,
    'wrong statuses at the end (all connected)': wrongWhileConnected.length + missingRows,
    'disconnect sample offline': `${offlineAfter.length}/${sample.length}`,
    'offline after disconnect p50 / max (clean)': `${offlineMs.graceful.p50} / ${offlineMs.graceful.max} ms`,
    'offline after disconnect p50 / max (dropped)': `${offlineMs.dropped.p50} / ${offlineMs.dropped.max} ms`,
    'wrong statuses after the disconnects': wrongAfterDisconnect.length,
    'unexpected connection drops': disturbed.size,
    'heartbeat publish errors': sentReport.publishErrors,
    ...(vendStats && vendCheck && pageLoads ? {
      'vends (outcomes)': JSON.stringify(vendStats.outcomes),
      'vend: token, tap to completion acknowledged p50 / p99': `${vendStats.ms.p50} / ${vendStats.ms.p99} ms (the NFC token request ${vendStats.tokenMs.p50} / ${vendStats.tokenMs.p99} ms of it)`,
      'vends settled exactly (session, millilitres, charge)': `${vendCheck.completed - vendCheck.unsettled - vendCheck.wrong.length}/${vendCheck.completed}`,
      'bench users\' balance = before - charged - held = ledger sum': `${vendCheck.users - vendCheck.balancesWrong.length - vendCheck.ledgersWrong.length}/${vendCheck.users} (Rp ${vendCheck.charged} charged in all, Rp ${vendCheck.held} held by sessions still open)`,
      'app page loads (profile, history, impact, station list and the tiles around the user) p50 / p99': `${pageLoads.ms.p50} / ${pageLoads.ms.p99} ms (${pageLoads.loads} loads; ${pageLoads.retried} requests sent again after a dropped connection)`,
      'station list answers: list file 200 / 304, its area tiles 200 / 304 (revalidated with the ETags the browser kept)': `${pageLoads.stationList.full} / ${pageLoads.stationList.notModified}, ${pageLoads.stationList.tilesFull} / ${pageLoads.stationList.tilesNotModified}`,
    } : {}),
    'read of all stations (verifier) p50 / max': `${summarize(scanTimes).p50} / ${summarize(scanTimes).max} ms`,
    'handler errors / warnings logged (before teardown)': `${[...handlerLog].filter(([k]) => k.startsWith('error')).reduce((n, [, c]) => n + c, 0)} / ${[...handlerLog].filter(([k]) => k.startsWith('warn')).reduce((n, [, c]) => n + c, 0)}`,
  };

  console.log('\n  Scale run');
  console.table(Object.entries(result).map(([figure, value]) => ({ figure, value })));
  console.log('  CPU (% of one core) and memory (MB) per process; peak and mean over the samples of each phase');
  console.table(resources);
  const timeline = steadyTimeline(steadyStarted, stoppedAt.at, { samples, stationCounts, errorTimes });
  console.log('  Steady state, every 20 s: heartbeats offered, DynamoDB calls the stack completed, most in flight, handler errors, CPU');
  console.table(timeline);
  if (dynamoStats) {
    console.log(`  DynamoDB calls of the stack process in the steady state (HTTP round trip to DynamoDB Local; in flight mean ${dynamoStats.inFlightMean}, peak ${dynamoStats.inFlightPeak})`);
    console.table(Object.entries(dynamoStats.byOperation).map(([operation, s]) => ({ operation, calls: s.count, 'per s': round(s.count / dynamoStats.seconds), 'p50 ms': s.p50, 'p99 ms': s.p99, 'max ms': s.max })));
  }
  for (const [name, p] of [['connect ramp', rampProfile], ['steady state', profile]] as const) {
    if (!p) continue;
    console.log(`  CPU profile of the stack process in the ${name} (${p.sampledMs} ms sampled; ${p.file})`);
    console.table(p.areas);
    console.table(p.functions.slice(0, 12));
  }
  if (handlerLog.size) console.table([...handlerLog].map(([line, count]) => ({ 'stack output': line, count })));
  if (teardownLog.size) log(`after the checks, while all stations disconnected at once and the stack stopped: ${[...teardownLog].map(([line, count]) => `${count}x ${line}`).join(', ')}`);
  if (lost.length) console.table(lost.slice(0, 10));
  for (const list of [[...wrongInSteady].map(([id, w]) => ({ id, ...w })), wrongWhileConnected, wrongAfterDisconnect]) if (list.length) console.table(list.slice(0, 10));

  Object.assign(report, {
    at: new Date().toISOString(),
    command: `npx tsx test/bench/scale.ts ${process.argv.slice(2).join(' ')}`.trim(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, memoryGb: round(totalmem() / 1024 ** 3), loadavg: loadavg().map((l) => round(l, 2)), node: process.version, openFileLimit: limits, git: gitState(ROOT) },
    options: { stations: N, minutes: MINUTES, intervalSeconds: INTERVAL, sample: SAMPLE, concurrency: CONCURRENCY, scanSeconds: SCAN_MS / 1000, sampleSeconds: SAMPLE_MS / 1000, mixed: MIXED, vendsPerSecond: VENDS_PER_SECOND, pagesPerSecond: PAGES_PER_SECOND },
    pass: failures.length === 0,
    failures,
    result,
    figures: {
      seedSeconds: round(seedSeconds), ramp: { ms: ramp.ms, connected: ramp.connected, failedAttempts: ramp.failedAttempts, gaveUp: ramp.gaveUp, connectMs: ramp.connectMs },
      settleSeconds: round(settleSeconds), steadySeconds: round(steadySeconds), drainSeconds: round(drainSeconds),
      heartbeats: { sent, acked, stored, lost: lost.length, lastNotStored, pubackMs: summarize(acks), ingestLagMs: summarize(lags), minSeen: Number.isFinite(minSeen) ? minSeen : null, seenOnce },
      statuses: { steadyReads, wrongInSteady: [...wrongInSteady].map(([id, w]) => ({ id, ...w })), wrongWhileConnected, missingRows, wrongAfterDisconnect, sample: { graceful: graceful.length, dropped: dropped.length, offline: offlineAfter.length, offlineMs } },
      unexpectedDrops: [...disturbed].map(([id, at]) => ({ id, at: new Date(at).toISOString() })),
      publishErrors: sentReport.publishErrors,
      verifierReadMs: summarize(scanTimes),
      handlerLog: Object.fromEntries(handlerLog),
      teardownLog: Object.fromEntries(teardownLog),
      dynamoCalls: dynamoStats,
      writeCeiling: ceiling,
      timeline,
      profile: { ramp: rampProfile, steady: profile },
      mixed: vendCheck ? { vends: vendStats, vendCheck: { ...vendCheck, wrong: vendCheck.wrong.slice(0, 100) }, vendErrors: vendsDone?.errors, pageLoads } : null,
    },
    resources,
    phases: phases.map((p) => ({ phase: p.phase, seconds: round(((p.to ?? Date.now()) - p.from) / 1000) })),
    samples,
    lost: lost.slice(0, 1000),
  });
  exitCode = failures.length ? 1 : 0;
  console.log(failures.length ? `\n  FAILED: ${failures.join('; ')}` : `\n  PASSED: no heartbeat lost, no wrong status, every station connected and stayed connected${MIXED ? ', every vend settled and charged exactly, every page loaded' : ''}`);
} catch (error) {
  console.error(`\n  scale run failed: ${(error as Error).stack ?? String(error)}`);
  Object.assign(report, { at: new Date().toISOString(), pass: false, failures: [`error: ${(error as Error).message}`], phases, samples });
  await shutdown();
} finally {
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/scale.json'), JSON.stringify(report, null, 2) + '\n');
  console.log(`  written to bench/scale.json after ${Math.round((Date.now() - startedAt) / 1000)} s`);
  process.exit(exitCode);
}

async function profileStop(name: string): Promise<ProfileSummary | null> {
  const file = join(ROOT, `bench/scale-stack-${name}.cpuprofile`);
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  toStack({ type: 'profile-stop', file });
  const message = await waitFor<StackMessage, 'profile'>(stackChild!, 'profile', 60_000);
  if (message.error) log(`profile: ${message.error}`);
  return message.summary;
}
