import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSPKI } from 'jose';
import { closeLocalBrokerClients } from './adapters/local-broker-messages';
import { LocalCa } from './adapters/local-ca';
import { ensureSigningKeyFile, fileSigningKeys } from './adapters/file-signing-keys';
import { LocalQueues } from './aws/sqs';
import { serveAws } from './aws/http';
import { GUEST_SESSION_STREAM_MAPPING, isGuestSettlementRecord } from '@functions/guests/adapters/dynamodb/guest-session-changes';
import { isStationChange, STATION_CHANGE_STREAM_MAPPING } from '@functions/stations/adapters/dynamodb/station-changes';
import { HEARTBEAT_STREAM_MAPPING, isIngestedReading } from '@functions/fleet/adapters/iot/heartbeat-ingest';
import { STATION_LIST_PUBLISHER_TIMEOUT_SECONDS } from '@functions/stations/domain/station-list';
import { awsRegion, setting } from '@functions/platform/environment';
import { startBroker, type LocalBroker } from './broker';
import { lambdaContext } from './lambda-context';
import { startStreamConsumer } from './streams';
import { stationIdentity, stationStatePaths } from './ca';
import { freePort } from './net';
import { SEED_STATIONS } from './seed-stations';
import type { Fleet } from './simulator';
import { startSweepTimer } from './schedules';

/** Where stations reach the local cloud, in .local/outputs.json. */
export interface LocalStationsOutputs {
  /** mqtts://127.0.0.1:<port> */
  broker: string;
  /** The local CA's certificate (stations and clients trust it; the broker accepts only certificates it issued). */
  caFile: string;
  /** The local CA's folder (with its key): what provisioning and the simulator issue certificates from. */
  caDir: string;
  /** The ES256 private JWK that signs NFC and vend tokens (SIGNING_KEY_FILE of the handlers). */
  signingKeyFile: string;
  /** Stations the stack's own simulated fleet runs (`npm run stations` leaves them alone). */
  fleet: string[];
  /** The SQS stand-in (AWS_ENDPOINT_URL_SQS) and its dead-letter queues (DEAD_LETTER_QUEUE_URLS). */
  deadLetters: { endpoint: string; queueUrls: string[] };
}

/** The local dead-letter queues, named as the stack's: the rules' error action, and failed asynchronous invocations. */
const LOCAL_DEAD_LETTER_QUEUES = { ruleErrors: 'RuleErrors', asyncFailures: 'AsyncFailures' } as const;

/**
 * The stations part of the local cloud: local CA and signing key (created once under `<dataDir>/stations`,
 * or in a temporary folder when there is no dataDir), the MQTT broker with the IoT policy, the sweep timer,
 * and optionally a fleet of simulated seeded stations so that statuses and water levels move.
 */
/** How often one of the simulated fleet's stations vends, on average (a refill every 6 s keeps the charts moving). */
const FLEET_SECONDS_PER_VEND = 6;

export async function startStations(options: { dataDir?: string; fleet?: number; log?: (line: string) => void; sweepIntervalMs?: number }) {
  const log = options.log ?? (() => undefined);
  const root = options.dataDir ? join(options.dataDir, 'stations') : mkdtempSync(join(tmpdir(), 'refill-stations-'));
  const paths = stationStatePaths(root);
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((e: unknown) => console.error(e));
  };
  if (!options.dataDir) stops.push(async () => rmSync(root, { recursive: true, force: true }));
  try {
    await ensureSigningKeyFile(paths.signingKeyFile);
    const ca = await LocalCa.open(paths.caDir);
    const port = await freePort();
    // Dead letters: what a station function could not process waits in the SQS stand-in, as in the stack's queues.
    let sqsEndpoint = '';
    const queues = new LocalQueues({ region: process.env.AWS_REGION ?? 'ap-southeast-1', accountId: '000000000000' }, () => sqsEndpoint, Object.values(LOCAL_DEAD_LETTER_QUEUES));
    const sqs = await serveAws(queues.handle);
    sqsEndpoint = sqs.url;
    stops.push(sqs.stop);
    const deadLetters = { endpoint: sqs.url, queueUrls: Object.values(LOCAL_DEAD_LETTER_QUEUES).map((name) => queues.url(name)) };
    // The handlers of this process issue identities from the local CA and answer stations over this broker.
    Object.assign(process.env, {
      LOCAL_CA_DIR: paths.caDir, SIGNING_KEY_FILE: paths.signingKeyFile, LOCAL_BROKER_URL: `mqtts://127.0.0.1:${port}`,
      AWS_ENDPOINT_URL_SQS: deadLetters.endpoint, DEAD_LETTER_QUEUE_URLS: deadLetters.queueUrls.join(','),
    });
    (await import('./composition')).useLocalStationAdapters(process.env);
    // A rule's function that fails: after Lambda's retries, the event lands in the asynchronous failures queue.
    const deadLetter = (event: unknown) => queues.send(LOCAL_DEAD_LETTER_QUEUES.asyncFailures, JSON.stringify(event));
    // The queued jobs outlive a restart of `npm start`, as IoT Jobs keeps them for stations that come back later.
    const ruleBroker = await startBroker({ ca, port, log, deadLetter, jobsStateFile: join(root, 'jobs.json') });
    stops.push(ruleBroker.stop);
    // Lambda's event source mappings on the table's stream: the same stream, read by each as its mapping reads it.
    const onTableStream = (consumer: Pick<Parameters<typeof startStreamConsumer>[0], 'mapping' | 'filter' | 'handler'>) => startStreamConsumer({
      ...consumer,
      // The SDK's standard endpoint variable, which the local cloud sets for every handler.
      endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB!,
      tableName: setting('TABLE_NAME'),
      region: awsRegion(),
      onFailure: (records, error) => deadLetter({ streamRecords: records.map((r) => r.dynamodb?.SequenceNumber), error }),
    });
    // The heartbeat rule writes readings to the table; its stream hands them to the heartbeat function (docs/stations.md).
    const heartbeats = await onTableStream({
      mapping: HEARTBEAT_STREAM_MAPPING,
      filter: isIngestedReading,
      handler: async (event) => (await import('@functions/iot/heartbeat')).handler(event, lambdaContext('heartbeat')),
    });
    stops.push(heartbeats.stop);
    // Station changes go to the station list's change publisher (docs/scale.md). Not part of the broker's idle(): no
    // handler of the broker waits for it, and each of its publications reads every station.
    const stationChanges = await onTableStream({
      mapping: STATION_CHANGE_STREAM_MAPPING,
      filter: isStationChange,
      handler: async (event) => {
        await (await import('@functions/stations/station-list-changes')).handler(event, lambdaContext('stationListChanges', STATION_LIST_PUBLISHER_TIMEOUT_SECONDS));
      },
    });
    stops.push(stationChanges.stop);
    // A guest order's session, once closed, is settled from the stream (refund and receipt; docs/payments.md), and a
    // refund left in flight is asked of the gateway again.
    const guestSessions = await onTableStream({
      mapping: GUEST_SESSION_STREAM_MAPPING,
      filter: isGuestSettlementRecord,
      handler: async (event) => (await import('@functions/iot/guestSessionClosed')).handler(event, lambdaContext('guestSessionClosed')),
    });
    stops.push(guestSessions.stop);
    const broker: LocalBroker = { ...ruleBroker, idle: async () => {
      await ruleBroker.idle();
      await heartbeats.idle();
    } };
    stops.push(closeLocalBrokerClients);
    log(`MQTT broker (mutual TLS, station policy) on ${broker.url}`);
    const sweep = startSweepTimer({ intervalMs: options.sweepIntervalMs ?? 15_000, log });
    stops.push(sweep.stop);

    let fleet: Fleet | undefined;
    let stopped = false;
    stops.push(async () => {
      stopped = true;
      await fleet?.stop();
    });
    const ids = SEED_STATIONS.filter((s) => s.status === 'online').slice(0, options.fleet ?? 0).map((s) => s.id);
    // The same pace across the fleet however many stations run: a vend about every FLEET_SECONDS_PER_VEND seconds.
    const vendEverySeconds = ids.length * FLEET_SECONDS_PER_VEND;
    if (ids.length) {
      void (async () => {
        const { services } = await import('./composition');
        const { startFleet, localCustomers, storedReadings } = await import('./simulator');
        // Wait until the seed has written the fleet's stations.
        for (let i = 0; i < 120 && !stopped && !(await services().machines.get(ids.at(-1)!)); i++) await new Promise((r) => setTimeout(r, 500));
        if (stopped) return;
        const settings = await services().settings.get();
        const started = await startFleet({
          brokerUrl: broker.url,
          stationIds: ids,
          identity: (id) => stationIdentity(ca, paths.stationsDir, id),
          vendPublicKey: await importSPKI(await fileSigningKeys(paths.signingKeyFile).publicKeyPem(), 'ES256'),
          heartbeatSeconds: settings.heartbeatIntervalSeconds,
          vendEverySeconds,
          issueToken: localCustomers(services()),
          initialState: storedReadings(services()),
          dropChance: 0.02,
          failChance: 0.08,
          log: (line) => (line.startsWith('[') ? log(`stations ${line}`) : undefined),
          progressSeconds: 300,
        });
        if (stopped) await started.stop();
        else {
          fleet = started;
          log(`Simulated stations: ${ids.join(', ')}`);
        }
      })().catch((error: unknown) => console.error('station fleet failed to start:', error));
    }

    const outputs: LocalStationsOutputs = { broker: broker.url, caFile: ca.certificateFile, caDir: paths.caDir, signingKeyFile: paths.signingKeyFile, fleet: ids, deadLetters };
    return { outputs, broker, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
