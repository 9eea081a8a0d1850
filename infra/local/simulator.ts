import type { MqttClient } from 'mqtt';
import { connectMqtt, publishAcked } from '@functions/platform/adapters/iot/mqtt-connect';
import { HEARTBEAT_TDS_STEP_PPM, HEARTBEAT_WATER_STEP_PERCENT, VEND_TOKEN_LEEWAY_SECONDS } from '@shared/constants';
import { verifyNfcToken, verifyVendToken } from '@functions/vending/domain/tokens';
import { issueNfcToken } from '@functions/vending/domain/nfc-token';
import { jobTopics, type JobExecutionMessage } from '@functions/fleet/ports/station-jobs';
import { stationTopics, type VendAuthorizedMessage, type VendDeniedMessage } from '@functions/vending/ports/station-messages';
import type { Services } from './composition';
import type { StationIdentity } from './ca';

/**
 * Simulated refill stations: real MQTT clients over mutual TLS with their own certificates, speaking the
 * station side of the protocol exactly as docs/station-protocol.md tells firmware authors: heartbeats, vend
 * request (retried once with the same request id), the vend token checked offline with the provisioning public key
 * by the station's own clock with 30 s of leeway (resynchronised once when a token fails for time), each session
 * dispensed once, and its one final message (complete or failed) kept until the broker acknowledges it and sent
 * again after a reconnect; remote commands through the IoT Jobs device API (docs/station-protocol.md, "Remote
 * commands"). Used by `npm run stations`, by `npm start` (a small fleet), the integration tests and the
 * money simulation.
 */

export type VendAnswer = { kind: 'authorized'; message: VendAuthorizedMessage } | { kind: 'denied'; message: VendDeniedMessage };
export type VendResult =
  | { outcome: 'completed'; sessionId: string; volumeMl: number }
  | { outcome: 'failed'; sessionId: string; reason: string }
  | { outcome: 'denied'; reason: string }
  | { outcome: 'rejected'; sessionId: string; reason: string };
/** An offline vend (docs/station-protocol.md, "Offline vends"): dispensed and stored, or refused by the station itself. */
export type OfflineVendResult = { outcome: 'stored'; jti: string; volumeMl: number } | { outcome: 'refused'; reason: 'invalid_token' | 'token_expired' | 'no_allowance' | 'token_already_used' };

const TANK_ML = 40_000;
/** A filter cartridge's rated volume: its life left is the share of it not yet used. */
const FILTER_RATED_LITRES = 6_000;
/** How often a station looks for a change worth reporting. */
const CHANGE_CHECK_SECONDS = 30;
const pick = <T,>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
export const between = (min: number, max: number) => min + Math.random() * (max - min);
const round1 = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** FNV-1a of a station id: the firmware failure rule below picks stations by its parity. */
function idHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * Why a simulated firmware install fails, or null (docs/station-protocol.md, "Remote commands"): a version ending
 * in "-bad" fails on every station, one ending in "-flaky" on the stations whose id hash (FNV-1a) is odd. Tests make
 * a rollout pass its failure threshold with them.
 */
function simulatedFirmwareFailure(stationId: string, version: string): string | null {
  if (version.endsWith('-bad')) return 'image verification failed';
  if (version.endsWith('-flaky') && idHash(stationId) % 2 === 1) return 'flash write failed';
  return null;
}

/** A station's readings and counters as the simulator keeps them (random starting readings). */
function newStationState() {
  return {
    waterLevel: Math.round(between(40, 95)),
    tdsPpm: Math.round(between(30, 90)),
    temperatureC: round1(between(25, 29)),
    /** 4G signal (RSSI) in dBm. */
    signalDbm: Math.round(between(-95, -65)),
    dispensedMl: 0,
    vends: 0,
    failures: 0,
    startedAt: Date.now(),
    lastRefill: undefined as string | undefined,
    /** Litres through the filter cartridge since it was changed. */
    filterLitres: Math.round(between(200, 5_000)),
  };
}
type StationState = ReturnType<typeof newStationState>;
/** What the last heartbeat said, for reporting on change. */
interface Reported { at: number; waterLevel: number; tdsPpm: number; vends: number; failures: number }

/**
 * Whether a heartbeat is due (docs/stations.md, Heartbeats): on change (a water-level step, the water's TDS moved
 * enough to matter, a vend or a failure since the last one) and at least every `maxSilenceSeconds`.
 */
function heartbeatDue(s: StationState, r: Reported | undefined, now: number, maxSilenceSeconds: number): boolean {
  if (!r || now - r.at >= maxSilenceSeconds * 1000) return true;
  return Math.abs(s.waterLevel - r.waterLevel) >= HEARTBEAT_WATER_STEP_PERCENT || Math.abs(s.tdsPpm - r.tdsPpm) >= HEARTBEAT_TDS_STEP_PPM || s.vends !== r.vends || s.failures !== r.failures;
}

/** Slow drift between two looks: some water used or lost, quality wanders, a refill when nearly empty. */
function drift(s: StationState, now: number) {
  s.waterLevel = Math.max(0, s.waterLevel - between(0, 0.6));
  s.tdsPpm = Math.min(180, Math.max(15, s.tdsPpm + between(-4, 4)));
  s.temperatureC = Math.min(33, Math.max(23, s.temperatureC + between(-0.3, 0.3)));
  s.signalDbm = Math.min(-55, Math.max(-110, s.signalDbm + between(-3, 3)));
  if (s.waterLevel < 8) {
    s.waterLevel = Math.round(between(95, 100));
    s.lastRefill = new Date(now).toISOString();
  }
}

/**
 * Heartbeats a station sends in a day on this cadence (the fleet's own drift and change rules, a look every
 * CHANGE_CHECK_SECONDS, `vendsPerDay` refills of about 500 ml), averaged over `days`: the count the cost model uses.
 */
export function heartbeatsPerStationDay(options: { vendsPerDay: number; maxSilenceSeconds: number; days?: number }): number {
  const days = options.days ?? 30;
  const looks = (days * 86_400) / CHANGE_CHECK_SECONDS;
  const state = newStationState();
  let reported: Reported | undefined;
  let sent = 0;
  for (let i = 0; i < looks; i++) {
    const now = i * CHANGE_CHECK_SECONDS * 1000;
    drift(state, now);
    if (Math.random() < (options.vendsPerDay * CHANGE_CHECK_SECONDS) / 86_400) {
      state.vends++;
      state.waterLevel = Math.max(0, state.waterLevel - (500 / TANK_ML) * 100);
    }
    if (heartbeatDue(state, reported, now, options.maxSilenceSeconds)) {
      sent++;
      reported = { at: now, waterLevel: state.waterLevel, tdsPpm: state.tdsPpm, vends: state.vends, failures: state.failures };
    }
  }
  return sent / days;
}

export class SimStation {
  client?: MqttClient;
  readonly state = newStationState();
  private readonly waiting = new Map<string, (answer: VendAnswer) => void>();
  /** Sessions this station has acted on (an authorization delivered twice dispenses once). */
  private readonly handledSessions = new Set<string>();
  /** Request ids this station sent: a late answer to one of them (after it gave up waiting) is not a remote start. */
  private readonly ownRequests = new Set<string>();
  /**
   * Remote starts (a refill paid in the app: vend/authorized without a vend/request): how much the customer
   * takes (default: all that was paid for) and how fast it flows; the outcome of each, in order.
   */
  /** How a refill paid in the app goes at this station; `pressStart: false`: nobody presses start (the token expires). */
  remoteStart: { volumeMl?: number; flowMlPerSecond?: number; failChance?: number; pressStart?: boolean } = {};
  readonly remoteStarts: VendResult[] = [];
  /**
   * The station's final messages not yet acknowledged by the broker (PUBACK), by session: firmware keeps them in
   * non-volatile memory and sends them again after every reconnect until acknowledged.
   */
  readonly outbox = new Map<string, { topic: string; payload: string }>();
  /** Sessions being dispensed, until their final message is sent: a heartbeat due meanwhile waits (docs/station-protocol.md, "Heartbeat"). */
  private readonly dispensing = new Set<string>();
  /** How far the station's clock is off (ms, + fast); resynchronising (SNTP) sets it back to 0. */
  clockSkewMs = 0;
  /** Clock resynchronisations caused by vend tokens refused for time. */
  clockResyncs = 0;
  /** What remote commands set: the price the screen shows (null: the one the back end charges by default), the operator's lock, the firmware. */
  readonly commands = { pricePerLitre: null as number | null, locked: false, lockReason: null as string | null, firmwareVersion: '', restarts: 0, handled: [] as string[] };
  /** The job this station is carrying out, and the restart job it rebooted for (reported done after reconnecting). */
  private jobRunning?: string;
  private restartedFor?: string;
  /** How a restart reconnects (the fleet brings the station up as after any drop); default: close, wait, connect. */
  restarter?: () => Promise<void>;
  /**
   * NFC tokens redeemed here without a connection, by jti, with when the record may go (the token's expiry plus the
   * leeway: later the time check refuses the token anyway). Kept in non-volatile memory (docs/station-protocol.md, "Offline vends").
   */
  private readonly redeemedOffline = new Map<string, number>();
  /** While an outage lasts (`npm run stations -- --outage`), the end of it (ms): the station does not reconnect before. */
  outageUntil = 0;

  constructor(
    readonly identity: StationIdentity,
    private readonly options: {
      brokerUrl: string; vendPublicKey?: CryptoKey; firmwareVersion?: string; clockSkewMs?: number;
      /** Pause between two progress reports of a firmware install, and before a restart reconnects (ms). */
      firmwareStepMs?: number; restartMs?: number;
      /** Where the station prints what commands do (the CLI: the console). */
      log?: (line: string) => void;
    },
  ) {
    this.clockSkewMs = options.clockSkewMs ?? 0;
    this.commands.firmwareVersion = options.firmwareVersion ?? 'sim-1.4.2';
  }

  /** The station's own clock. */
  now() {
    return new Date(Date.now() + this.clockSkewMs);
  }

  /** SNTP at boot, hourly, and when a vend token fails only for time (docs/station-protocol.md, Clock). */
  resyncClock() {
    this.clockSkewMs = 0;
    this.clockResyncs++;
  }

  get id() {
    return this.identity.id;
  }

  get connected() {
    return Boolean(this.client?.connected);
  }

  /** Connects (client id = station id unless a test says otherwise) and subscribes to its vend answers. */
  async connect(options: { clientId?: string; subscribe?: boolean; timeoutMs?: number } = {}): Promise<MqttClient> {
    const client = await connectMqtt({
      url: this.options.brokerUrl,
      clientId: options.clientId ?? this.id,
      certificatePem: this.identity.certificatePem,
      privateKeyPem: this.identity.privateKeyPem,
      caPem: this.identity.caPem,
      timeoutMs: options.timeoutMs ?? 10_000,
    });
    this.client = client;
    client.on('error', () => undefined);
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    if (options.subscribe !== false) {
      const granted = await client.subscribeAsync([
        stationTopics.vendAuthorized(this.id), stationTopics.vendDenied(this.id),
        jobTopics.notifyNext(this.id), jobTopics.startNextAccepted(this.id), jobTopics.updateAccepted(this.id, '+'), jobTopics.updateRejected(this.id, '+'),
      ], { qos: 1 });
      if (granted.some((g) => g.qos === 128)) throw new Error(`${this.id}: subscription refused`);
      // At every start the firmware asks for the job waiting for it (one queued while it was away, or the restart it rebooted for).
      await publishAcked(client, jobTopics.startNext(this.id), JSON.stringify({ clientToken: this.id }));
    }
    // Final messages that were never acknowledged go out again, as they were.
    await this.flushOutbox();
    return client;
  }

  /** Sends every unacknowledged final message again; each leaves the outbox on its PUBACK. */
  async flushOutbox() {
    await Promise.all([...this.outbox].map(([sessionId, message]) => this.deliver(sessionId, message)));
  }

  /** Publishes at QoS 1 and forgets the message only once the broker acknowledged it; a lost connection keeps it. */
  private async deliver(sessionId: string, message: { topic: string; payload: string }) {
    const client = this.client;
    if (!client?.connected) return;
    try {
      await publishAcked(client, message.topic, message.payload);
      if (this.outbox.get(sessionId) === message) this.outbox.delete(sessionId);
    } catch {
      // Not acknowledged: it stays in the outbox for the next connection.
    }
  }

  /** A session's one final message (complete or failed): into the outbox first, then sent. */
  private async finish(sessionId: string, topic: string, body: Record<string, unknown>) {
    const message = { topic, payload: JSON.stringify({ sessionId, ...body }) };
    this.outbox.set(sessionId, message);
    const delivered = this.deliver(sessionId, message);
    // Published (one connection keeps its order), or kept for the next connection, which sends it first: a heartbeat may follow.
    this.dispensing.delete(sessionId);
    await delivered;
  }

  private onMessage(topic: string, payload: Buffer) {
    let message: { requestId?: string };
    try {
      message = JSON.parse(payload.toString('utf8')) as { requestId?: string };
    } catch {
      return;
    }
    if (topic.startsWith('$aws/things/')) return this.onJobMessage(topic, message as { execution?: JobExecutionMessage });
    const resolve = message.requestId ? this.waiting.get(message.requestId) : undefined;
    if (!resolve) {
      if (topic === stationTopics.vendAuthorized(this.id) && !(message.requestId && this.ownRequests.has(message.requestId))) void this.startRemote(message as VendAuthorizedMessage);
      return;
    }
    this.waiting.delete(message.requestId!);
    if (topic === stationTopics.vendAuthorized(this.id)) resolve({ kind: 'authorized', message: message as VendAuthorizedMessage });
    else if (topic === stationTopics.vendDenied(this.id)) resolve({ kind: 'denied', message: message as VendDeniedMessage });
  }

  private log(line: string) {
    this.options.log?.(`${this.id}: ${line}`);
  }

  /** notify-next: a job is waiting, so ask for it; start-next/accepted: carry it out. */
  private onJobMessage(topic: string, message: { execution?: JobExecutionMessage }) {
    if (topic === jobTopics.notifyNext(this.id) && message.execution && !this.jobRunning) {
      if (this.client) publishAcked(this.client, jobTopics.startNext(this.id), JSON.stringify({ clientToken: this.id })).catch(() => undefined);
    } else if (topic === jobTopics.startNextAccepted(this.id) && message.execution) {
      void this.runJob(message.execution).catch((error: unknown) => this.log(`job ${message.execution!.jobId} interrupted (${(error as Error).message})`));
    }
  }

  private async updateJob(jobId: string, status: 'IN_PROGRESS' | 'SUCCEEDED' | 'FAILED', statusDetails?: Record<string, string>) {
    await publishAcked(this.requireClient(), jobTopics.update(this.id, jobId), JSON.stringify({ status, ...(statusDetails ? { statusDetails } : {}), clientToken: this.id }));
  }

  /** Carries out one job: applies the command, reports progress (firmware), then the execution's end. */
  private async runJob(execution: JobExecutionMessage) {
    const { jobId, jobDocument: doc } = execution;
    if (this.jobRunning === jobId) return;
    this.jobRunning = jobId;
    try {
      // Started: the back end shows the execution in progress (IoT reports only the end of an execution).
      if (doc.type !== 'firmware') await publishAcked(this.requireClient(), stationTopics.commandProgress(this.id), JSON.stringify({ jobId, progress: 0 }));
      switch (doc.type) {
        case 'setPrice':
          this.commands.pricePerLitre = doc.pricePerLitre;
          this.log(`price now Rp ${doc.pricePerLitre} per litre`);
          break;
        case 'lock':
          Object.assign(this.commands, { locked: true, lockReason: doc.reason });
          this.log(`locked (${doc.reason})`);
          break;
        case 'unlock':
          Object.assign(this.commands, { locked: false, lockReason: null });
          this.log('unlocked');
          break;
        case 'restart':
          if (this.restartedFor !== jobId) {
            this.restartedFor = jobId;
            await this.updateJob(jobId, 'IN_PROGRESS', { step: 'restarting' });
            this.log('restarting');
            this.jobRunning = undefined;
            return void this.restart();
          }
          this.commands.restarts++;
          this.log('restarted');
          break;
        case 'firmware': {
          for (const progress of [0, 20, 40, 60, 80, 100]) {
            await publishAcked(this.requireClient(), stationTopics.commandProgress(this.id), JSON.stringify({ jobId, progress }));
            this.log(`firmware ${doc.version}: ${progress}%`);
            await sleep(this.options.firmwareStepMs ?? 150);
          }
          const failure = simulatedFirmwareFailure(this.id, doc.version);
          if (failure) {
            this.log(`firmware ${doc.version} failed (${failure})`);
            this.commands.handled.push(jobId);
            // Free for the next job before reporting: the answer to this report may already announce it.
            this.jobRunning = undefined;
            return await this.updateJob(jobId, 'FAILED', { reason: failure });
          }
          this.commands.firmwareVersion = doc.version;
          this.log(`firmware now ${doc.version}`);
          break;
        }
      }
      this.commands.handled.push(jobId);
      this.jobRunning = undefined;
      await this.updateJob(jobId, 'SUCCEEDED');
    } finally {
      if (this.jobRunning === jobId) this.jobRunning = undefined;
    }
  }

  /** A reboot: the connection goes, and comes back after a moment. */
  private async restart() {
    if (this.restarter) return this.restarter();
    this.drop();
    await sleep(this.options.restartMs ?? 1000);
    await this.connect();
  }

  private requireClient(): MqttClient {
    if (!this.client?.connected) throw new Error(`${this.id} is not connected`);
    return this.client;
  }

  /** Publishes one heartbeat with the station's (drifting) readings, after the final messages of the vends in progress. */
  async heartbeat(overrides: Record<string, unknown> = {}) {
    while (this.dispensing.size > 0) await sleep(10);
    const s = this.state;
    const payload = {
      waterLevel: Math.max(0, Math.min(100, Math.round(s.waterLevel))),
      quality: { tdsPpm: Math.round(s.tdsPpm), temperatureC: round1(s.temperatureC) },
      firmwareVersion: this.commands.firmwareVersion,
      counters: { dispensedMl: s.dispensedMl, vends: s.vends, failures: s.failures, uptimeSeconds: Math.floor((Date.now() - s.startedAt) / 1000) },
      filter: { litres: Math.round(s.filterLitres), lifePercent: Math.max(0, Math.round(100 - (s.filterLitres / FILTER_RATED_LITRES) * 100)) },
      signalDbm: Math.round(s.signalDbm),
      timestamp: Date.now(),
      ...(s.lastRefill ? { lastRefill: s.lastRefill } : {}),
      ...overrides,
    };
    await publishAcked(this.requireClient(), stationTopics.heartbeat(this.id), JSON.stringify(payload));
    this.reported = { at: Date.now(), waterLevel: s.waterLevel, tdsPpm: s.tdsPpm, vends: s.vends, failures: s.failures };
  }

  private reported: Reported | undefined;

  /** Whether a heartbeat is due now (on change, and at least every `maxSilenceSeconds`). */
  heartbeatDue(maxSilenceSeconds: number): boolean {
    return heartbeatDue(this.state, this.reported, Date.now(), maxSilenceSeconds);
  }

  drift() {
    drift(this.state, Date.now());
  }

  /**
   * Reads a tapped NFC token: vend/request, then waits for authorized or denied; without an answer in time the
   * same request (same request id) is sent once more, then the station gives up (docs/station-protocol.md).
   */
  async requestVend(token: string, timeoutMs = 10_000): Promise<VendAnswer> {
    const client = this.requireClient();
    const requestId = crypto.randomUUID().slice(0, 12);
    this.ownRequests.add(requestId);
    const payload = JSON.stringify({ token, requestId });
    const answer = new Promise<VendAnswer>((resolve, reject) => {
      const giveUp = () => {
        this.waiting.delete(requestId);
        reject(new Error(`${this.id}: no answer to vend request ${requestId} within ${2 * timeoutMs} ms`));
      };
      let timer = setTimeout(() => {
        timer = setTimeout(giveUp, timeoutMs);
        if (this.client?.connected) publishAcked(this.client, stationTopics.vendRequest(this.id), payload).catch(() => undefined);
      }, timeoutMs);
      this.waiting.set(requestId, (a) => {
        clearTimeout(timer);
        resolve(a);
      });
    });
    await publishAcked(client, stationTopics.vendRequest(this.id), payload);
    return answer;
  }

  /**
   * Checks the vend token offline, as the firmware does: signature, type, issuer, audience, bound to this station,
   * valid from nbf to exp by the station's clock with 30 s of leeway. A token refused only for time makes the
   * station resynchronise its clock and check once more.
   */
  async checkVendToken(message: VendAuthorizedMessage) {
    if (!this.options.vendPublicKey) throw new Error('no vend public key');
    const check = () => verifyVendToken(message.vendToken, this.options.vendPublicKey!, this.now(), this.id, VEND_TOKEN_LEEWAY_SECONDS);
    const first = await check();
    if (first.ok || first.failure !== 'expired' || this.clockSkewMs === 0) return first;
    this.resyncClock();
    return check();
  }

  /**
   * vend/complete with the metered whole millilitres: the session's final message, kept until acknowledged (while
   * disconnected it waits in the outbox for the next connection).
   */
  async complete(sessionId: string, dispensedMl: number) {
    await this.finish(sessionId, stationTopics.vendComplete(this.id), { dispensedMl });
  }

  /**
   * A tapped NFC token while the station cannot reach the broker (docs/station-protocol.md, "Offline vends"): verified
   * with the provisioning bundle's public key (signature, type, issuer, audience, nbf/exp with the leeway), an allowance
   * it carries, its jti not redeemed here before; then at most the allowance dispensed (its millilitres, and its rupiah
   * at the price the station shows) and vend/complete stored with the token as proof, delivered on reconnect.
   */
  async vendOffline(token: string, volumeMl: number): Promise<OfflineVendResult> {
    if (!this.options.vendPublicKey) throw new Error('no vend public key');
    const now = this.now();
    for (const [jti, until] of this.redeemedOffline) if (until <= now.getTime()) this.redeemedOffline.delete(jti);
    let verified = await verifyNfcToken(token, this.options.vendPublicKey, now, VEND_TOKEN_LEEWAY_SECONDS);
    // Refused only for time: resynchronise the clock (SNTP, when the network allows it) and check once more.
    if (!verified.ok && verified.failure === 'expired' && this.clockSkewMs !== 0) {
      this.resyncClock();
      verified = await verifyNfcToken(token, this.options.vendPublicKey, this.now(), VEND_TOKEN_LEEWAY_SECONDS);
    }
    if (!verified.ok) return { outcome: 'refused', reason: verified.failure === 'expired' ? 'token_expired' : 'invalid_token' };
    const { jti, exp, allowance } = verified.claims;
    if (!allowance) return { outcome: 'refused', reason: 'no_allowance' };
    if (this.redeemedOffline.has(jti)) return { outcome: 'refused', reason: 'token_already_used' };
    this.redeemedOffline.set(jti, (exp + VEND_TOKEN_LEEWAY_SECONDS) * 1000);
    const price = this.commands.pricePerLitre;
    const dispensedMl = Math.min(Math.floor(volumeMl), allowance.ml, price ? Math.floor((allowance.idr * 1000) / price) : allowance.ml);
    this.state.vends++;
    this.state.waterLevel = Math.max(0, this.state.waterLevel - (dispensedMl / TANK_ML) * 100);
    const message = { topic: stationTopics.vendComplete(this.id), payload: JSON.stringify({ offline: true, token, dispensedMl }) };
    this.outbox.set(`offline-${jti}`, message);
    await this.deliver(`offline-${jti}`, message);
    return { outcome: 'stored', jti, volumeMl: dispensedMl };
  }

  /** Cuts the connection for `ms` (a cell tower down), then reconnects: what was stored meanwhile is delivered first. */
  async outage(ms: number, reconnect: () => Promise<unknown> = () => this.connect()) {
    this.outageUntil = Date.now() + ms;
    this.drop();
    await sleep(ms);
    this.outageUntil = 0;
    await reconnect();
  }

  /**
   * vend/started: the valve opened for the session. Not a final message (no money moves on it), so it is sent once
   * and not kept: a lost one only means the payer's page shows "dispensing" a little later.
   */
  async started(sessionId: string) {
    if (this.client) await publishAcked(this.client, stationTopics.vendStarted(this.id), JSON.stringify({ sessionId })).catch(() => undefined);
  }

  /** vend/failed: nothing was dispensed; the session's final message, kept until acknowledged. */
  async fail(sessionId: string, reason: string) {
    await this.finish(sessionId, stationTopics.vendFailed(this.id), { reason });
  }

  /**
   * Publishes a completion body as given, outside the protocol (tests and the money simulation: a firmware bug's
   * '250', -1, a repeat); it is not kept in the outbox.
   */
  async publishCompletion(body: Record<string, unknown>) {
    await publishAcked(this.requireClient(), stationTopics.vendComplete(this.id), JSON.stringify(body));
  }

  /**
   * An authorization nobody at the station asked for: a refill paid in the app. Verified offline like any
   * other (signature, expiry, bound to this station, session id), then dispensed and completed once.
   */
  private async startRemote(message: VendAuthorizedMessage) {
    if (typeof message?.sessionId !== 'string' || typeof message.vendToken !== 'string' || typeof message.maxMl !== 'number') return;
    if (this.remoteStart.pressStart === false) return;
    try {
      const result = await this.dispense(message, { ...this.remoteStart, volumeMl: this.remoteStart.volumeMl ?? message.maxMl });
      if (result) this.remoteStarts.push(result);
    } catch {
      // The connection went away mid-dispense: the back end's sweep releases the hold.
    }
  }

  /**
   * A whole vend: request, verify the vend token, meter a plausible volume (never more than authorized),
   * then complete, or fail now and then (a valve that does not open).
   */
  async vend(token: string, options: { volumeMl?: number; flowMlPerSecond?: number; failChance?: number } = {}): Promise<VendResult> {
    // A station locked by a command takes no taps (the back end denies them too).
    if (this.commands.locked) return { outcome: 'denied', reason: 'station_locked' };
    const answer = await this.requestVend(token);
    if (answer.kind === 'denied') return { outcome: 'denied', reason: answer.message.reason };
    return (await this.dispense(answer.message, options)) ?? { outcome: 'rejected', sessionId: answer.message.sessionId, reason: 'session already handled' };
  }

  /** Verifies the vend token, then dispenses and completes (or fails); null when the session was already handled. */
  private async dispense(message: VendAuthorizedMessage, options: { volumeMl?: number; flowMlPerSecond?: number; failChance?: number }): Promise<VendResult | null> {
    if (this.handledSessions.has(message.sessionId)) return null;
    this.handledSessions.add(message.sessionId);
    this.dispensing.add(message.sessionId);
    try {
      return await this.dispenseOnce(message, options);
    } finally {
      this.dispensing.delete(message.sessionId);
    }
  }

  private async dispenseOnce(message: VendAuthorizedMessage, options: { volumeMl?: number; flowMlPerSecond?: number; failChance?: number }): Promise<VendResult> {
    const { sessionId, maxMl } = message;
    const check = await this.checkVendToken(message);
    if (!check.ok || check.claims.sessionId !== sessionId) {
      await this.fail(sessionId, 'vend token rejected');
      return { outcome: 'rejected', sessionId, reason: check.ok ? 'session mismatch' : check.detail };
    }
    if (Math.random() < (options.failChance ?? 0)) {
      this.state.failures++;
      await this.fail(sessionId, 'valve did not open');
      return { outcome: 'failed', sessionId, reason: 'valve did not open' };
    }
    const wanted = options.volumeMl ?? Math.round(pick([330, 500, 600, 750, 1000, 1500]) * between(0.93, 1.02));
    const volumeMl = Math.min(wanted, check.claims.maxMl, maxMl);
    const flow = options.flowMlPerSecond ?? 120;
    await this.started(sessionId);
    if (Number.isFinite(flow)) await new Promise((r) => setTimeout(r, (volumeMl / flow) * 1000));
    this.state.dispensedMl += volumeMl;
    this.state.filterLitres += volumeMl / 1000;
    this.state.vends++;
    this.state.waterLevel = Math.max(0, this.state.waterLevel - (volumeMl / TANK_ML) * 100);
    await this.complete(sessionId, volumeMl);
    return { outcome: 'completed', sessionId, volumeMl };
  }

  /** The connection drops without a DISCONNECT (4G lost): the broker sees the socket close. */
  drop() {
    const stream = (this.client as unknown as { stream?: { destroy(): void } } | undefined)?.stream;
    this.client?.end(true);
    stream?.destroy();
    this.client = undefined;
  }

  async close() {
    const client = this.client;
    this.client = undefined;
    for (const [id, resolve] of this.waiting) resolve({ kind: 'denied', message: { requestId: id, reason: 'invalid_token', message: 'station closed', messages: { en: 'station closed', id: 'stasiun ditutup' } } });
    this.waiting.clear();
    if (!client) return;
    // A graceful end waits for in-flight QoS 1 messages, which never complete once the broker has closed the connection.
    await Promise.race([client.endAsync(!client.connected).catch(() => undefined), new Promise((r) => setTimeout(r, 2000))]);
    if (!client.disconnected) client.end(true);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Fleet

export interface FleetOptions {
  brokerUrl: string;
  stationIds: string[];
  identity: (id: string) => Promise<StationIdentity>;
  vendPublicKey: CryptoKey;
  /** Longest silence between two heartbeats (they also go on change). */
  heartbeatSeconds: number;
  /** Average seconds between two vends somewhere in the fleet; 0 = no vends. */
  vendEverySeconds: number;
  /** Where a station's readings start (its stored water level and quality), when known. */
  initialState?: (id: string) => Promise<{ waterLevel?: number; tdsPpm?: number; temperatureC?: number } | undefined>;
  /** A simulated customer's tap: an NFC token as the app would show it. */
  issueToken?: () => Promise<string>;
  /** Connections to cut (`--outage <station> <minutes>`): the station serves wallet customers offline, then reconnects. */
  outages?: { stationId: string; minutes: number }[];
  /** Chance per heartbeat that the station's connection drops (it reconnects 20-90 s later). */
  dropChance: number;
  failChance: number;
  flowMlPerSecond?: number;
  log: (line: string) => void;
  progressSeconds?: number;
}

export interface FleetSummary {
  stations: number;
  connected: number;
  heartbeats: number;
  /** `offline`: dispensed during an outage and stored for delivery on reconnect. */
  vends: { completed: number; failed: number; denied: number; rejected: number; errors: number; offline: number };
  dispensedMl: number;
  drops: number;
  reconnects: number;
  connectFailures: number;
  seconds: number;
}

export interface Fleet {
  stations: SimStation[];
  summary(): FleetSummary;
  stop(): Promise<FleetSummary>;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const startedAt = Date.now();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const counts = { heartbeats: 0, drops: 0, reconnects: 0, connectFailures: 0, dispensedMl: 0 };
  const vends = { completed: 0, failed: 0, denied: 0, rejected: 0, errors: 0, offline: 0 };
  /** Runs fn after ms unless the fleet stopped; an async fn's failure is its own to handle (every caller catches). */
  const later = (ms: number, fn: () => void | Promise<void>) => {
    if (stopped) return;
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopped) void fn();
    }, ms);
    timers.add(t);
  };

  const stations = await Promise.all(options.stationIds.map(async (id) => {
    const station = new SimStation(await options.identity(id), { brokerUrl: options.brokerUrl, vendPublicKey: options.vendPublicKey, log: options.log });
    // A restart command: down, and up again after a moment as after any drop (heartbeats resume).
    station.restarter = async () => {
      station.drop();
      later(between(1, 3) * 1000, () => void bringUp(station, true));
    };
    const initial = await options.initialState?.(id).catch(() => undefined);
    for (const [key, value] of Object.entries(initial ?? {})) if (typeof value === 'number') station.state[key as 'waterLevel'] = value;
    return station;
  }));

  const beat = (station: SimStation) => {
    if (!station.connected) return;
    station.drift();
    if (!station.heartbeatDue(options.heartbeatSeconds)) return;
    station.heartbeat().then(() => counts.heartbeats++, () => undefined);
    if (Math.random() < options.dropChance) {
      counts.drops++;
      options.log(`${station.id}: connection dropped`);
      station.drop();
      later(between(20, 90) * 1000, () => void bringUp(station, true));
    }
  };
  const generation = new Map<SimStation, number>();
  const bringUp = async (station: SimStation, reconnect = false, attempt = 0): Promise<void> => {
    try {
      const client = await station.connect();
      if (reconnect) counts.reconnects++;
      const gen = (generation.get(station) ?? 0) + 1;
      generation.set(station, gen);
      // Closed by the broker or the network (not by drop() or close(), which let go of the client first): come back.
      client.once('close', () => {
        if (stopped || station.client !== client) return;
        station.client = undefined;
        options.log(`${station.id}: connection closed; reconnecting`);
        later(between(5, 15) * 1000, () => void bringUp(station, true));
      });
      // A station reports at once after connecting, then on change, looked at every tick, and at least every interval.
      await station.heartbeat();
      counts.heartbeats++;
      const every = () => later(Math.min(options.heartbeatSeconds, CHANGE_CHECK_SECONDS) * 1000, () => {
        if (!station.connected || generation.get(station) !== gen) return;
        beat(station);
        every();
      });
      every();
    } catch (error) {
      counts.connectFailures++;
      if (attempt === 0) options.log(`${station.id}: cannot connect (${(error as Error).message}); retrying`);
      later(Math.min(60, 2 ** attempt) * 1000, () => void bringUp(station, reconnect, attempt + 1));
    }
  };
  // Spread the first connections over a second or two.
  await Promise.all(stations.map((s, i) => new Promise<void>((r) => later(i * 150, () => void bringUp(s).finally(r)))));

  // Outages: cut a few seconds after start; the station comes back as after any drop, its stored completions first.
  for (const outage of options.outages ?? []) {
    const station = stations.find((s) => s.id === outage.stationId);
    if (!station) throw new Error(`--outage: no station ${outage.stationId} in this fleet`);
    later(5_000, async () => {
      options.log(`${station.id}: connection cut for ${outage.minutes} min (outage): serving wallet customers offline`);
      await station.outage(outage.minutes * 60_000, () => bringUp(station, true));
      options.log(`${station.id}: outage over; reconnected and delivered ${station.outbox.size === 0 ? 'every' : 'not every'} stored completion`);
    });
  }

  const vendLoop = () => {
    if (!options.vendEverySeconds || !options.issueToken) return;
    later(between(0.5, 1.5) * options.vendEverySeconds * 1000, async () => {
      const online = stations.filter((s) => s.connected || s.outageUntil > Date.now());
      if (online.length) {
        const station = pick(online);
        try {
          const token = await options.issueToken!();
          if (!station.connected) {
            const offline = await station.vendOffline(token, Math.round(between(200, 1500)));
            if (offline.outcome === 'stored') {
              vends.offline++;
              counts.dispensedMl += offline.volumeMl;
            } else vends.denied++;
            options.log(`${station.id}: offline vend ${offline.outcome === 'stored' ? `${offline.volumeMl} ml stored` : `refused (${offline.reason})`}`);
            return vendLoop();
          }
          const result = await station.vend(token, { failChance: options.failChance, flowMlPerSecond: options.flowMlPerSecond });
          vends[result.outcome]++;
          if (result.outcome === 'completed') counts.dispensedMl += result.volumeMl;
          // The counters changed: report it now rather than at the next tick.
          if (station.connected && station.heartbeatDue(options.heartbeatSeconds)) await station.heartbeat().then(() => counts.heartbeats++, () => undefined);
          options.log(`${station.id}: vend ${result.outcome}${result.outcome === 'completed' ? ` ${result.volumeMl} ml` : ` (${'reason' in result ? result.reason : ''})`}`);
        } catch (error) {
          vends.errors++;
          options.log(`${station.id}: vend error (${(error as Error).message})`);
        }
      }
      vendLoop();
    });
  };
  vendLoop();

  const summary = (): FleetSummary => ({
    stations: stations.length,
    connected: stations.filter((s) => s.connected).length,
    heartbeats: counts.heartbeats,
    vends: { ...vends },
    dispensedMl: counts.dispensedMl,
    drops: counts.drops,
    reconnects: counts.reconnects,
    connectFailures: counts.connectFailures,
    seconds: Math.round((Date.now() - startedAt) / 1000),
  });
  if (options.progressSeconds) {
    const progress = () => later(options.progressSeconds! * 1000, () => {
      options.log(formatProgress(summary()));
      progress();
    });
    progress();
  }

  return {
    stations,
    summary,
    stop: async () => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const result = summary();
      await Promise.all(stations.map((s) => s.close()));
      return result;
    },
  };
}

function formatProgress(s: FleetSummary) {
  return `[${s.seconds}s] ${s.connected}/${s.stations} connected · ${s.heartbeats} heartbeats · vends ${s.vends.completed} completed, ${s.vends.failed} failed, ${s.vends.denied} denied, ${s.vends.offline} offline · ${(s.dispensedMl / 1000).toFixed(2)} L · ${s.drops} drops, ${s.reconnects} reconnects`;
}

export function formatSummary(s: FleetSummary) {
  return [
    'Summary',
    `  stations          ${s.stations} (${s.connected} connected at the end)`,
    `  run time          ${s.seconds} s`,
    `  heartbeats        ${s.heartbeats}`,
    `  vends             ${s.vends.completed} completed, ${s.vends.failed} failed, ${s.vends.denied} denied, ${s.vends.rejected} rejected, ${s.vends.errors} errors, ${s.vends.offline} offline`,
    `  dispensed         ${s.dispensedMl} ml (${(s.dispensedMl / 1000).toFixed(2)} L)`,
    `  connection drops  ${s.drops} (${s.reconnects} reconnects, ${s.connectFailures} failed connects)`,
  ].join('\n');
}

/** A station's stored readings, so that a simulated station carries on where it left off. */
export const storedReadings = (services: Services) => async (id: string) => {
  const machine = await services.machines.get(id);
  if (!machine) return undefined;
  return { waterLevel: machine.waterLevel, tdsPpm: machine.quality?.tdsPpm, temperatureC: machine.quality?.temperatureC };
};

/**
 * Simulated customers for the local cloud: wallet users that top up when low and tap NFC tokens issued
 * exactly as POST /api/nfc/generate-token issues them.
 */
export function localCustomers(services: Services, count = 5): () => Promise<string> {
  let n = 0;
  return async () => {
    const i = (n++ % count) + 1;
    const id = `sim-customer-${i}`;
    const now = services.clock.now().toISOString();
    const user = await services.users.ensure({ id, username: `Simulated customer ${i}`, firstName: 'Simulated', lastName: `Customer ${i}`, email: null }, now);
    if (user.balance < 20_000) {
      await services.ledger.post(id, 'topup', 100_000, `sim-topup-${id}-${crypto.randomUUID()}`, { reference: 'simulator', actor: 'simulator', paymentMethod: 'qris' });
    }
    const { token } = await issueNfcToken({ sub: id, username: user.username, email: null, givenName: 'Simulated', familyName: `Customer ${i}` }, services);
    return token;
  };
}

// ---------------------------------------------------------------------------------------------------------
// CLI: npm run stations -- --count N [--broker mqtts://host:port] ...
