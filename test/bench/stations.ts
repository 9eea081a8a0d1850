import { importSPKI } from 'jose';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { callTimeline, capacityMeter, createDocumentClient } from '@functions/platform/adapters/dynamodb/client';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { DynamoMachines } from '@functions/stations/adapters/dynamodb/machines';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import type { ProvisionedMachine } from '@shared/routes/fleet';
import type { Machine } from '@shared/schemas/machine';
import type { LocalBroker } from '@infra/local/broker';
import type { LocalOutputs } from '@infra/local/stack';
import { SimStation } from '@infra/local/simulator';
import { median, percentile, round, type Figure } from './stats';
import { benchStationTiles } from './station-tiles';
import { startChild } from './scale-shared';
import { signInWith } from '../support/cognito';
import type { FleetInit, FleetMessage } from './heartbeat-fleet';
import { marshall } from '@aws-sdk/util-dynamodb';
import { HEARTBEAT_INTERVAL_SECONDS } from '@shared/constants';
import { ingestedItem } from '@functions/fleet/adapters/iot/heartbeat-ingest';
import { heardFilingGridSeconds } from '@functions/fleet/domain/stations';
import { heartbeatsPerStationDay } from '@infra/local/simulator';
import { costTables, perStationMonth, perStationMonthBefore, sum, type MeasuredCounts } from './cost';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as z from 'zod/mini';
import { serviceEnvironment } from '@infra/local/service-environment';

type Provisioned = z.output<typeof ProvisionedMachine>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds covered by at least one of the spans (calls made in parallel count once). */
function coveredMs(spans: [number, number][]): number {
  let covered = 0;
  let end = -Infinity;
  for (const [start, stop] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (stop > end) {
      covered += stop - Math.max(start, end);
      end = stop;
    }
  }
  return covered;
}

async function signIn(outputs: LocalOutputs, role: 'user' | 'admin') {
  const account = outputs.cognito.accounts.find((a) => a.role === role)!;
  return { sub: account.sub, token: await signInWith(outputs.cognito, account.username, account.password) };
}

async function provision(outputs: LocalOutputs, adminToken: string, id: string): Promise<Provisioned> {
  const response = await fetch(`${outputs.api}/api/admin/machines`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ id, name: `Bench ${id}`, location: 'Jl. Bench, Kuta, Bali', latitude: '-8.72', longitude: '115.17', status: 'online' }),
  });
  if (response.status !== 201) throw new Error(`provisioning ${id}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Provisioned;
}

async function station(p: Provisioned) {
  const s = new SimStation(
    { id: p.machine.id, certificatePem: p.bundle.certificatePem, privateKeyPem: p.bundle.privateKeyPem, caPem: p.bundle.rootCaPem },
    { brokerUrl: p.bundle.endpoint, vendPublicKey: await importSPKI(p.bundle.vendPublicKeyPem, 'ES256') },
  );
  await s.connect();
  return s;
}

/** Vend round trip, heartbeat ingest and DynamoDB units per operation, over the local broker. */
export async function benchStations(outputs: LocalOutputs, broker: LocalBroker, log: (s: string) => void): Promise<Figure[]> {
  Object.assign(process.env, serviceEnvironment(outputs));
  const { services } = await import('../../infra/local/composition');
  const admin = await signIn(outputs, 'admin');
  const user = await signIn(outputs, 'user');
  await services().ledger.post(user.sub, 'topup', 1_000_000, `bench-topup-${Date.now()}`, { reference: 'bench', actor: 'gateway' });

  const figures: Figure[] = [];
  const vendStation = await station(await provision(outputs, admin.token, `BVD-${String(Date.now() % 1e6).padStart(6, '0')}`));
  await vendStation.heartbeat();
  const token = async () => {
    const r = await fetch(`${outputs.api}/api/nfc/generate-token`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` } });
    return ((await r.json()) as { token: string }).token;
  };
  // Settled = the vend/complete rule's handler has finished (watching the broker, so no polling reads compete with it).
  // Not the stream's fold of heartbeats: waiting for it too added its polls of the stream (two or more reads of
  // DynamoDB Local's stream after every vend, none of the vend's own) to each round trip, outside the DynamoDB figure.
  const settled = async (completions: number) => {
    while (broker.stats.ruleMessages.vendComplete < completions) await sleep(0);
    await broker.handlersIdle();
  };

  // Vend round trip: request -> authorized -> complete -> settled, on a warm stack, as a running one is. DynamoDB
  // Local's JVM keeps compiling for about 500 vends (the median per hundred went 56, 38, 38, 36, 35, 28, 26 ms;
  // docs/scale.md, "Vend round trip"), so 500 warm it up; the next 300 are measured, so the p99 is not one outlier.
  const warmUp = 500;
  const measured = 300;
  const rtts: number[] = [];
  /** Per measured vend: milliseconds during which at least one DynamoDB call was in flight. */
  const dynamoMs: number[] = [];
  // Before item 2 of issue 34 (docs/architecture.md, "Offline vends"): a token without a reservation, whose vend/request
  // places the hold itself, as every vend did before tokens reserved their allowance. Measured vends alternate the two,
  // so both meet the same load and the same warmth of DynamoDB Local.
  const { signNfcToken } = await import('@functions/vending/domain/tokens');
  const key = { privateKey: await services().signingKeys.privateKey(), keyId: await services().signingKeys.keyId() };
  const unreservedToken = async () => (await signNfcToken({ jti: crypto.randomUUID(), userId: user.sub, now: new Date(), lifetimeSeconds: 300 }, key)).token;
  const holdInRequest: number[] = [];
  for (let i = 0; i < warmUp + 2 * measured; i++) {
    const before = i >= warmUp && (i - warmUp) % 2 === 1;
    const nfc = before ? await unreservedToken() : await token();
    callTimeline.spans = [];
    callTimeline.recording = i >= warmUp && !before;
    const start = performance.now();
    const answer = await vendStation.requestVend(nfc);
    if (answer.kind !== 'authorized') throw new Error(`vend denied: ${JSON.stringify(answer.message)}`);
    const completions = broker.stats.ruleMessages.vendComplete + 1;
    await vendStation.complete(answer.message.sessionId, 350);
    await settled(completions);
    if (before) holdInRequest.push(performance.now() - start);
    else if (i >= warmUp) {
      rtts.push(performance.now() - start);
      dynamoMs.push(coveredMs(callTimeline.spans));
    }
    callTimeline.recording = false;
    const session = await services().vendSessions.get(answer.message.sessionId);
    if (session?.status !== 'completed') throw new Error(`vend ${answer.message.sessionId} was not settled: ${session?.status}`);
  }
  const vendLoad = loadavg()[0]!;
  log(`vend round trip p50 ${median(rtts).toFixed(1)} ms (p99 ${percentile(rtts, 99).toFixed(1)}), of which in DynamoDB calls ${median(dynamoMs).toFixed(1)} ms (p99 ${percentile(dynamoMs, 99).toFixed(1)}); load average ${vendLoad.toFixed(2)} on ${cpus().length} cores`);
  log(`vend round trip before / after item 2 (hold placed by vend/request / the token's reservation is the hold): p50 ${median(holdInRequest).toFixed(1)} / ${median(rtts).toFixed(1)} ms, p99 ${percentile(holdInRequest, 99).toFixed(1)} / ${percentile(rtts, 99).toFixed(1)} ms`);

  // Raw MQTT round trip on the same broker: back end -> station and back, two one-way QoS 1 legs.
  const { connectMqtt, publishAcked } = await import('@functions/platform/adapters/iot/mqtt-connect');
  const { LocalCa } = await import('../../infra/local/adapters/local-ca');
  const ca = await LocalCa.open(outputs.stations.caDir);
  const cert = await ca.issueClient('backend', 1);
  const echoes: number[] = [];
  {
    const backend = await connectMqtt({
      url: outputs.stations.broker, clientId: 'backend-bench', certificatePem: cert.certificatePem, privateKeyPem: cert.privateKeyPem, caPem: ca.certificatePem, timeoutMs: 10_000,
    });
    const topic = `stations/${vendStation.id}/vend/denied`;
    for (let i = 0; i < 60; i++) {
      const start = performance.now();
      const received = new Promise<void>((resolve) => vendStation.client!.once('message', () => resolve()));
      await publishAcked(backend, topic, JSON.stringify({ requestId: 'echo', reason: 'echo' }));
      await received;
      if (i >= 10) echoes.push(2 * (performance.now() - start));
    }
    await backend.endAsync();
  }
  const echoP99 = percentile(echoes, 99);
  // The part of each round trip with no DynamoDB call in flight: the broker, the handlers' own work, the tokens' crypto.
  const outsideMs = rtts.map((rtt, i) => rtt - dynamoMs[i]!);
  figures.push(
    { group: 'stations', figure: 'vend round trip p50 (request, authorized, complete, settled)', value: round(median(rtts), 1), unit: 'ms', baseline: round(median(echoes), 1), ratio: round(median(rtts) / median(echoes)) },
    { group: 'stations', figure: 'vend round trip p50 before item 2 of issue 34 (the hold placed by vend/request; after: the figure above)', value: round(median(holdInRequest), 1), unit: 'ms', baseline: round(median(rtts), 1), ratio: round(median(rtts) / median(holdInRequest)) },
    { group: 'stations', figure: 'vend round trip p99', value: round(percentile(rtts, 99), 1), unit: 'ms', baseline: round(echoP99, 1), ratio: round(percentile(rtts, 99) / echoP99), target: '<= 60 ms', pass: percentile(rtts, 99) <= 60 },
    { group: 'stations', figure: `load average (1 min) after the vends, on ${cpus().length} cores (others' work on this machine slows DynamoDB Local and the handlers)`, value: round(vendLoad, 2), unit: '' },
    { group: 'stations', figure: 'raw MQTT round trip p50 (same broker, mutual TLS)', value: round(median(echoes), 2), unit: 'ms' },
    { group: 'stations', figure: 'vend round trip: time in DynamoDB calls p50 / p99', value: round(median(dynamoMs), 1), unit: 'ms', baseline: round(percentile(dynamoMs, 99), 1) },
    { group: 'stations', figure: 'vend round trip outside DynamoDB calls p99 (p50 as baseline)', value: round(percentile(outsideMs, 99), 1), unit: 'ms', baseline: round(median(outsideMs), 1), target: '<= 10 ms', pass: percentile(outsideMs, 99) <= 10 },
  );

  // DynamoDB units per vend (token, request, complete) and per heartbeat, median of 5.
  const units = async (work: () => Promise<void>) => {
    const samples: { read: number; write: number }[] = [];
    for (let i = 0; i < 5; i++) {
      capacityMeter.read = 0;
      capacityMeter.write = 0;
      capacityMeter.enabled = true;
      await work();
      capacityMeter.enabled = false;
      samples.push({ read: capacityMeter.read, write: capacityMeter.write });
    }
    return { read: median(samples.map((s) => s.read)), write: median(samples.map((s) => s.write)) };
  };
  const vendUnits = await units(async () => {
    const nfc = await token();
    const answer = await vendStation.requestVend(nfc);
    if (answer.kind !== 'authorized') throw new Error('vend denied');
    await vendStation.complete(answer.message.sessionId, 350);
    await sleep(300); // settlement runs in the broker's handler; the meter counts its units
  });
  // The rule's write and the stream's fold: idle() waits for both.
  const heartbeatUnits = await units(async () => {
    await vendStation.heartbeat();
    await broker.idle();
  });
  // The app's home: three calls of the signed-in user; the station list is the file at the edge (S3 behind CloudFront).
  const pageUnits = await units(async () => {
    await Promise.all(['/api/auth/user', '/api/transactions', '/api/environmental-impact'].map((p) =>
      fetch(outputs.api + p, { headers: { authorization: `Bearer ${user.token}` } }).then((r) => r.arrayBuffer())));
  });
  // A public page view reads the station list file from the bucket (what CloudFront's origin is); the publisher reads
  // the table once a minute whatever the number of views.
  const { handler: publish } = await import('@functions/stations/publish-station-list');
  const { lambdaContext } = await import('@infra/local/lambda-context');
  await publish({}, lambdaContext('publishStationList'));
  const listUrl = `${outputs.storage.endpoint}/${outputs.storage.stationListBucket}${STATION_LIST_SNAPSHOT_PATH}`;
  const viewUnits = await units(async () => {
    const response = await fetch(listUrl);
    if (!response.ok) throw new Error(`the station list file: ${response.status}`);
    await response.arrayBuffer();
  });
  const publishUnits = await units(async () => void (await publish({}, lambdaContext('publishStationList'))));
  // The list as pages download it at 100,000 stations, made from the stations seeded here (their fields as published).
  figures.push(...benchStationTiles((await (await fetch(listUrl)).json()) as Machine[], log));
  figures.push(
    { group: 'dynamodb', figure: 'units per vend (read / write)', value: round(vendUnits.write, 1), unit: 'WCU', baseline: round(vendUnits.read, 1) },
    { group: 'dynamodb', figure: 'units per heartbeat, one alone (read / write)', value: round(heartbeatUnits.write, 1), unit: 'WCU', baseline: round(heartbeatUnits.read, 1) },
    { group: 'dynamodb', figure: 'units per app home load (read / write)', value: round(pageUnits.write, 1), unit: 'WCU', baseline: round(pageUnits.read, 1) },
    { group: 'dynamodb', figure: 'read units per public page view (the station list from the edge)', value: round(viewUnits.read, 1), unit: 'RCU', target: '0', pass: viewUnits.read === 0 },
    { group: 'dynamodb', figure: 'read units per station list publication (once a minute, any number of views)', value: round(publishUnits.read, 1), unit: 'RCU' },
  );

  // Heartbeat ingest: 20 stations in a simulator process of their own, 25 heartbeats each, as fast as they are
  // acknowledged; a round is done when the broker's heartbeat handlers have all finished (no polling reads
  // competing with them), and then every station's stored heartbeat must be its last. Against the same number of
  // direct updates from 20 concurrent writers. DynamoDB Local's JVM speeds up severalfold as it warms, so one
  // unmeasured round of each comes first, then measured rounds alternate and the medians are compared.
  const count = 20;
  const beats = 25;
  // One at a time: setup, not measured, and 20 at once on a loaded machine had the local gateway reset a connection.
  const provisioned: Provisioned[] = [];
  for (let i = 0; i < count; i++) provisioned.push(await provision(outputs, admin.token, `BHB-${String(i).padStart(3, '0')}${String(Date.now() % 1000).padStart(3, '0')}`));
  const fleet = startChild(join(dirname(fileURLToPath(import.meta.url)), 'heartbeat-fleet.ts'), { openFiles: 1024, maxOldSpaceMb: 512 });
  const reply = (expected: FleetMessage['type']) => new Promise<void>((resolve, reject) => {
    fleet.once('message', (m: FleetMessage) => (m.type === expected ? resolve() : reject(new Error(`heartbeat fleet: ${m.type === 'failed' ? m.error : m.type}`))));
  });
  const ready = reply('ready');
  fleet.send({
    type: 'init', beats, brokerUrl: provisioned[0]!.bundle.endpoint, vendPublicKeyPem: provisioned[0]!.bundle.vendPublicKeyPem,
    stations: provisioned.map((p) => ({ id: p.machine.id, certificatePem: p.bundle.certificatePem, privateKeyPem: p.bundle.privateKeyPem, caPem: p.bundle.rootCaPem })),
  } satisfies FleetInit);
  await ready;
  const ingestRound = async (round: number) => {
    const handled = broker.stats.ruleMessages.heartbeat + count * beats;
    const errors = broker.stats.handlerErrors;
    const sent = reply('sent');
    const started = performance.now();
    fleet.send({ type: 'go', round });
    await sent;
    while (broker.stats.ruleMessages.heartbeat < handled) await sleep(0);
    await broker.idle();
    const rate = (count * beats) / ((performance.now() - started) / 1000);
    const stored = await Promise.all(provisioned.map(async (p) => (await services().machines.get(p.machine.id))?.counters?.uptimeSeconds ?? 0));
    if (broker.stats.handlerErrors !== errors || !stored.every((u) => u === (round + 1) * beats)) {
      throw new Error(`heartbeat round ${round}: ${broker.stats.handlerErrors - errors} handler errors, stored uptimes ${stored.join(', ')}`);
    }
    return rate;
  };
  const db = createDocumentClient({ tableName: outputs.dynamodb.tableName, endpoint: outputs.dynamodb.endpoint });
  // Two baselines: the handler's own write (the same UpdateItem, condition and returned item, sent directly), so the
  // ratio is what the broker, the rule and the handler add; and a minimal three-attribute update, for scale.
  const machines = new DynamoMachines(db, outputs.dynamodb.tableName);
  const lastReceived = new Map<string, number>();
  const sameWrite = (id: string, uptimeSeconds: number) => {
    const now = new Date().toISOString();
    const receivedAt = new Date(Math.max(Date.now(), (lastReceived.get(id) ?? 0) + 1));
    lastReceived.set(id, receivedAt.getTime());
    return machines.update(id, {
      lastHeartbeat: now, heartbeatReceivedAt: receivedAt.toISOString(), waterLevel: 50, quality: { tdsPpm: 40, temperatureC: 27.5 },
      firmwareVersion: 'sim-1.4.2', counters: { dispensedMl: 0, vends: 0, failures: 0, uptimeSeconds }, updatedAt: now,
    }, { heartbeatReceivedBefore: receivedAt.toISOString() });
  };
  const minimalWrite = (id: string, uptimeSeconds: number) => db.send(new UpdateCommand({
    TableName: outputs.dynamodb.tableName, Key: keys.machine(id),
    UpdateExpression: 'SET lastHeartbeat = :at, waterLevel = :w, counters = :c',
    ExpressionAttributeValues: { ':at': new Date().toISOString(), ':w': 50, ':c': { uptimeSeconds } },
  }));
  const rawRound = async (round: number, write: (id: string, uptimeSeconds: number) => Promise<unknown>) => {
    const started = performance.now();
    await Promise.all(provisioned.map(async ({ machine }) => {
      for (let n = 1; n <= beats; n++) await write(machine.id, round * beats + n);
    }));
    return (count * beats) / ((performance.now() - started) / 1000);
  };
  const rates = { ingest: [] as number[], same: [] as number[], minimal: [] as number[] };
  for (let round = 0; round <= 4; round++) {
    const ingest = await ingestRound(3 * round);
    const same = await rawRound(3 * round + 1, sameWrite);
    const minimal = await rawRound(3 * round + 2, minimalWrite);
    if (round > 0) {
      rates.ingest.push(ingest);
      rates.same.push(same);
      rates.minimal.push(minimal);
    }
  }
  const closed = new Promise((resolve) => fleet.once('exit', resolve));
  fleet.send({ type: 'close' });
  await closed;
  db.destroy();
  await vendStation.close();
  figures.push(...(await costFigures(provisioned.map((p) => p.machine.id), { vend: vendUnits, page: pageUnits }, outputs, broker, log)));
  const ingestRate = median(rates.ingest);
  const rawRate = median(rates.same);
  const minimalRate = median(rates.minimal);
  log(`heartbeat ingest ${ingestRate.toFixed(0)}/s against the same writes sent directly ${rawRate.toFixed(0)}/s and minimal updates ${minimalRate.toFixed(0)}/s`);
  figures.push(
    { group: 'stations', figure: `heartbeat ingest (${count} stations over the broker) vs the same UpdateItem sent directly`, value: round(ingestRate, 0), unit: 'heartbeats/s', baseline: round(rawRate, 0), ratio: round(ingestRate / rawRate), target: '>= 0.8x', pass: ingestRate / rawRate >= 0.8 },
    { group: 'stations', figure: 'heartbeat ingest vs minimal 3-attribute updates', value: round(ingestRate, 0), unit: 'heartbeats/s', baseline: round(minimalRate, 0), ratio: round(ingestRate / minimalRate) },
  );
  return figures;
}

/**
 * What heartbeats cost per station-month (docs/cost.md, and its tables), from measured counts: heartbeats per
 * station-day on the simulator's cadence; the units and time of a heartbeat as the fleet's arrive, one reading from
 * each of `stationIds` at once (the rule's write of each, then the stream function folding them, its stations in
 * parallel and its per-batch reads shared), warm, median of 20 of each kind, weighted by the share of heartbeats that
 * follow a vend and that open the next filing cell; side by side with the path it replaced.
 */
type Units = { read: number; write: number };
async function costFigures(stationIds: string[], units: { vend: Units; page: Units }, outputs: LocalOutputs, broker: LocalBroker, log: (s: string) => void): Promise<Figure[]> {
  const { handler } = await import('@functions/iot/heartbeat');
  const { lambdaContext } = await import('@infra/local/lambda-context');
  const { services } = await import('../../infra/local/composition');
  const db = createDocumentClient({ tableName: outputs.dynamodb.tableName, endpoint: outputs.dynamodb.endpoint });
  // The time of one reading folded alone: the warm handler time the vend and app figures assume.
  const aloneMs: number[] = [];
  for (let i = 0; i < 25; i++) {
    const item = ingestedItem({ waterLevel: 61, quality: { tdsPpm: 40, temperatureC: 27 }, firmwareVersion: 'bench', counters: { dispensedMl: 0, vends: 0 } }, stationIds[0]!, Date.now())!;
    const started = performance.now();
    await handler({ Records: [{ eventName: 'INSERT', dynamodb: { Keys: marshall({ PK: item.PK, SK: item.SK }), NewImage: marshall(item), SequenceNumber: String(i) } }] }, lambdaContext('heartbeat'));
    if (i >= 5) aloneMs.push(performance.now() - started);
  }
  /**
   * One batch: a reading of every station put by the rule's action (as the local broker does), folded by the local
   * stream consumer as the table's stream hands it over (units: everything until the broker is idle); then the same
   * stations' next readings handed to the function directly (time: the function's own, of a batch of them). Receive
   * times run on a clock of their own (the bench stations only), so a batch can stay in its stations' filing grid
   * cell of the heard index or cross into the next (domain/stations.ts, heardFilingTime).
   */
  const gridMs = heardFilingGridSeconds((await services().settings.get()).alertOfflineMinutes) * 1000;
  let receivedAt = Date.now() + 1000;
  let vends = 0;
  let sequence = 0;
  const readings = () => stationIds.map((stationId) => ingestedItem({ waterLevel: 60, quality: { tdsPpm: 40, temperatureC: 27 }, firmwareVersion: 'bench', counters: { dispensedMl: 350 * vends, vends } }, stationId, receivedAt)!);
  const batch = async (kind: 'quiet' | 'afterVend' | 'newCell') => {
    if (kind === 'afterVend') vends++;
    receivedAt = kind === 'newCell' && gridMs > 0 ? receivedAt - (receivedAt % gridMs) + gridMs + 1 : receivedAt + 1000;
    await broker.idle();
    Object.assign(capacityMeter, { read: 0, write: 0, enabled: true });
    await Promise.all(readings().map((Item) => db.send(new PutCommand({ TableName: outputs.dynamodb.tableName, Item }))));
    await broker.idle();
    capacityMeter.enabled = false;
    const units = { read: capacityMeter.read / stationIds.length, write: capacityMeter.write / stationIds.length };
    receivedAt += 1;
    const records = readings().map((item) => ({ eventName: 'INSERT', dynamodb: { Keys: marshall({ PK: item.PK, SK: item.SK }), NewImage: marshall(item), SequenceNumber: String(++sequence) } }));
    const started = performance.now();
    const result = await handler({ Records: records }, lambdaContext('heartbeat'));
    const ms = performance.now() - started;
    if ((result as { outcomes: { applied?: number } }).outcomes.applied !== stationIds.length) throw new Error(`fold batch: ${JSON.stringify(result)}`);
    return { ms, ...units };
  };
  // Most heartbeats follow no vend and stay in their grid cell; some follow a vend (which also moves the no-vend
  // clock), some open the next cell (which moves the station's index entry).
  type Measured = Awaited<ReturnType<typeof batch>>;
  const kinds = { quiet: [] as Measured[], afterVend: [] as Measured[], newCell: [] as Measured[] };
  for (let i = 0; i < 25; i++) {
    for (const kind of ['newCell', 'quiet', 'afterVend'] as const) {
      const measured = await batch(kind);
      if (i >= 5) kinds[kind].push(measured);
    }
  }
  db.destroy();
  const perDay = heartbeatsPerStationDay({ vendsPerDay: 30, maxSilenceSeconds: HEARTBEAT_INTERVAL_SECONDS });
  const shares = { afterVend: 30 / perDay, newCell: gridMs > 0 ? Math.min(1, 86_400_000 / perDay / gridMs) : 1 };
  const weighted = (pick: (b: Measured) => number) => {
    const quiet = median(kinds.quiet.map(pick));
    return quiet + shares.afterVend * (median(kinds.afterVend.map(pick)) - quiet) + shares.newCell * (median(kinds.newCell.map(pick)) - quiet);
  };
  const heartbeat = { read: round(weighted((b) => b.read), 3), write: round(weighted((b) => b.write), 3) };
  const foldMsPerReading = weighted((b) => b.ms) / stationIds.length;
  const unitsOf = (list: Measured[]) => `${median(list.map((b) => b.write))} WCU / ${median(list.map((b) => b.read))} RCU`;
  log(`heartbeat units per reading in batches of ${stationIds.length}: ${unitsOf(kinds.quiet)}; after a vend ${unitsOf(kinds.afterVend)} (${Math.round(shares.afterVend * 100)} % of them); opening the next filing cell ${unitsOf(kinds.newCell)} (${Math.round(shares.newCell * 100)} %)`);
  const counts: MeasuredCounts = {
    vendWrite: units.vend.write, vendRead: units.vend.read, pageWrite: units.page.write, pageRead: units.page.read, heartbeatWrite: heartbeat.write, heartbeatRead: heartbeat.read,
    heartbeatsPerStationDay: perDay,
    handlerMs: median(aloneMs), memoryMb: 512, foldMsPerReading,
  };
  const figures: Figure[] = [{ group: 'stations', figure: `heartbeats per station-day (on change, at least every ${HEARTBEAT_INTERVAL_SECONDS} s, 30 vends a day)`, value: round(counts.heartbeatsPerStationDay, 0), unit: 'heartbeats', baseline: 1440 }];
  for (const stations of [1_000, 10_000, 100_000]) {
    const cost = sum(perStationMonth(counts, stations));
    figures.push({
      group: 'cost', figure: `heartbeats per station-month at ${stations.toLocaleString('en-US')} stations (before: every 60 s, a Lambda each)`, value: round(cost, 4), unit: 'USD',
      baseline: round(sum(perStationMonthBefore(counts)), 4), target: '<= $0.03', pass: cost <= 0.03,
    });
  }
  log(`heartbeat cost per station-month: ${figures.slice(1).map((f) => `$${f.value}`).join(', ')} (fold ${counts.foldMsPerReading.toFixed(1)} ms per reading in batches of ${stationIds.length}, ${heartbeat.write} WCU / ${heartbeat.read} RCU per heartbeat)`);
  // The model's tables as docs/cost.md shows them.
  log(`cost model (docs/cost.md):\n${costTables(counts)}`);
  return figures;
}
