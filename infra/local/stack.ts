import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createDocumentClient } from '@functions/platform/adapters/dynamodb/client';
import { DynamoLedger } from '@functions/wallet/adapters/dynamodb/ledger';
import { DynamoMachines } from '@functions/stations/adapters/dynamodb/machines';
import { DynamoUsers } from '@functions/accounts/adapters/dynamodb/users';
import { DynamoVendSessions } from '@functions/vending/adapters/dynamodb/vend-sessions';
import { randomIds, systemClock } from '@functions/platform/ports/clock';
import { LOCAL_TABLE_NAME } from '@functions/platform/adapters/dynamodb/table';
import { DEFAULT_REGION } from '@functions/platform/environment';
import { ensureTable, startDynamo } from './dynamodb';
import type { LocalBroker } from './broker';
import { startStations, type LocalStationsOutputs } from './broker-stack';
import { startGateway } from './gateway';
import { lambdaContext } from './lambda-context';
import { startIdentity, type LocalIdentityOutputs } from './identity';
import { freePort } from './net';
import { LOCAL_ALERT_EMAIL, LOCAL_MAIL_FROM, startOutbox, type LocalMailOutputs } from './outbox';
import { startSandboxControl } from './sandbox-control';
import { startStorage } from './storage';
import { startStationListEdge } from './station-list';
import { seedAccounts, seedStations } from './seed';

// Lambda runs Node 22; the SDK's warning about the local Node 20 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Powertools metrics are for CloudWatch; locally they would only crowd the console.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
// The handlers' info lines (every heartbeat, every vend) drown the console; `POWERTOOLS_LOG_LEVEL=INFO npm start` shows them.
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';


/** What the local cloud started, as written to .local/outputs.json for tests and tools. */
export interface LocalOutputs {
  web: string | null;
  /** The production build the web origin serves (null without one, or with the dev server). */
  webBuild: string | null;
  api: string;
  /** What the local gateway sends the handlers as x-origin-verify, as CloudFront does (a random value per start). */
  originSecret: string;
  dynamodb: { endpoint: string; tableName: string; region: string };
  cognito: LocalIdentityOutputs;
  /**
   * The payment gateway the handlers use: the sandbox signs its notifications with this (local, random) key; its
   * control (faults, payers held back, its own books: infra/local/sandbox-control.ts) answers on `sandboxControl`.
   */
  payments: { provider: 'sandbox' | 'midtrans'; mode: 'live' | 'sandbox'; notificationUrl: string; sandboxServerKey: string | null; sandboxControl: string | null };
  /** The MQTT broker stations connect to, its CA, and the local signing key. */
  stations: LocalStationsOutputs;
  /** The outbox that takes every e-mail the system sends (SES in AWS): its page and its messages as JSON. */
  mail: LocalMailOutputs;
  /** The site the e-mails' links open (SITE_URL): the web origin, or where it would be without one. */
  siteUrl: string;
  /** The S3 emulator: its endpoint, the report photos' bucket, the path of the web origin that reaches it, the station list's bucket. */
  storage: { endpoint: string; bucket: string; webPath: string; stationListBucket: string };
}

export interface LocalStackOptions {
  /** Folder for the local services' data (kept between starts); in memory or a temporary folder when absent. */
  dataDir?: string;
  /** Port of the web app; no web server when null. */
  webPort?: number | null;
  /** 'production' (default): the production build behind the local CloudFront; 'dev': the Vite dev server (hot reloading). */
  webMode?: 'production' | 'dev';
  apiPort?: number;
  /**
   * Simulated seeded stations to run (heartbeats, drops, vends); default with a dataDir (npm start) every seeded
   * station that is online, so none of them goes silent and raises an offline alert; else none.
   */
  stationFleet?: number;
  log?: (line: string) => void;
}

export interface LocalStack {
  outputs: LocalOutputs;
  /** The MQTT broker of this process (its rule counters and idle(), for benchmarks). */
  broker: LocalBroker;
  stop(): Promise<void>;
}

/** How long one service of the local cloud may take to stop before it is left behind (so a test run always ends). */
const STOP_STEP_MS = 15_000;

/** Runs one stop step; one that fails or takes longer than `ms` is reported and left behind. */
async function stopWithin(name: string, step: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  try {
    const outcome = await Promise.race([step().then(() => 'stopped' as const), late]);
    if (outcome === 'late') console.error(`local cloud: ${name} did not stop within ${ms / 1000} s and was left behind`);
  } catch (error) {
    console.error(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts the whole local system: database, seed, API gateway and (optionally) the web app. */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const stops: [name: string, stop: () => Promise<void>][] = [];
  const stop = async () => {
    for (const [name, fn] of stops.reverse()) await stopWithin(name, fn, STOP_STEP_MS);
  };
  try {
    // The production build (when its sources changed) runs while the services start.
    const webBuild = options.webPort !== null && options.webMode !== 'dev' ? import('./web-build').then(({ ensureWebBuild }) => ensureWebBuild(log)) : null;
    webBuild?.catch(() => undefined);

    // E-mail: the outbox takes what SES would send, through the same Mailer port (functions/platform/ports/mailer.ts).
    const outbox = await startOutbox({ dataDir: options.dataDir, from: (process.env.MAIL_FROM ??= LOCAL_MAIL_FROM), alerts: (process.env.ALERT_EMAIL ??= LOCAL_ALERT_EMAIL) });
    stops.push(['the outbox', outbox.stop]);
    process.env.LOCAL_SMTP_URL = outbox.outputs.smtp;
    // The e-mails' links open the local site (without one, as for the benchmarks, they point where it would be).
    const siteUrl = (process.env.SITE_URL ??= `http://127.0.0.1:${options.webPort ?? 5173}`);
    const { useLocalMailer } = await import('./composition');
    useLocalMailer(process.env);
    log(`Outbox (every e-mail) on ${outbox.outputs.web}`);

    // DynamoDB Local (a JVM) and cognito-local (a Node process) start side by side: neither needs the other.
    log('Starting DynamoDB Local' + (options.dataDir ? ` (data in ${options.dataDir})` : ' (in memory)') + ' and the local Cognito');
    const cognitoDir = options.dataDir ? join(options.dataDir, 'cognito') : mkdtempSync(join(tmpdir(), 'refill-cognito-'));
    if (!options.dataDir) stops.push(['the local Cognito folder', async () => rmSync(cognitoDir, { recursive: true, force: true })]);
    const [dynamoStart, identityStart] = await Promise.allSettled([
      startDynamo({ dataDir: options.dataDir && join(options.dataDir, 'dynamodb') }),
      startIdentity({
        dataDir: cognitoDir,
        // The user pool's custom message trigger, the deployed pool's handler (infra/constructs/identity.ts).
        customMessage: async (event) => (await import('@functions/identity/accountMessage')).handler(event, lambdaContext('accountMessage')),
        mail: { smtp: outbox.outputs.smtp, from: outbox.outputs.from },
      }),
    ]);
    if (dynamoStart.status === 'fulfilled') stops.push(['DynamoDB Local', dynamoStart.value.stop]);
    if (identityStart.status === 'fulfilled') stops.push(['the local Cognito', identityStart.value.stop]);
    if (dynamoStart.status === 'rejected') throw dynamoStart.reason;
    if (identityStart.status === 'rejected') throw identityStart.reason;
    const dynamo = dynamoStart.value;
    const identity = identityStart.value;
    const tableName = LOCAL_TABLE_NAME;
    await ensureTable(dynamo.endpoint, tableName);

    // The handlers read their settings (functions/platform/environment.ts) from the environment, as they do in Lambda, and
    // reach the local services through the AWS SDK's standard endpoint variables, with local credentials.
    const originSecret = randomBytes(32).toString('base64url');
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_REGION: process.env.AWS_REGION ?? DEFAULT_REGION,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      ORIGIN_VERIFY_SHA256: createHash('sha256').update(originSecret).digest('hex'),
      VALIDATE_RESPONSES: '1',
    });

    // Report photos: the S3 emulator, which browsers reach through the web origin (LOCAL_STORAGE_PATH).
    const storage = await startStorage({ dataDir: options.dataDir });
    stops.push(['the S3 emulator', storage.stop]);
    const { LOCAL_STORAGE_PATH } = await import('./web');
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_S3: storage.endpoint,
      FILES_BUCKET: storage.bucket,
      LOCAL_UPLOAD_URL: `${LOCAL_STORAGE_PATH}${storage.bucket}`,
      STATION_LIST_BUCKET: storage.stationListBucket,
    });
    log(`S3 emulator (report photos, lab reports, the station list file) on ${storage.endpoint}`);
    const stationList = startStationListEdge(`${storage.endpoint}/${storage.stationListBucket}`, options.log ?? console.warn);
    stops.push(['the station list publisher', stationList.stop]);

    // Stations: local CA, signing key, MQTT broker with the IoT policy, the vend sweep timer and (npm start) a small fleet.
    const stations = await startStations({ dataDir: options.dataDir, fleet: options.stationFleet ?? (options.dataDir ? Number.POSITIVE_INFINITY : 0), log });
    stops.push(['the broker and the stations', stations.stop]);

    const db = createDocumentClient({ tableName, endpoint: dynamo.endpoint });
    const machines = new DynamoMachines(db, tableName);
    const seeded = await seedStations(machines, new Date(), (done, total) => {
      if (done === total || done % 10 === 0) log(`Seeding stations ${done}/${total}`);
    });
    log(`Seeded ${seeded.created} new of ${seeded.total} stations`);

    Object.assign(process.env, {
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: identity.outputs.endpoint,
      USER_POOL_ID: identity.outputs.userPoolId,
      USER_POOL_CLIENT_ID: identity.outputs.clientId,
    });
    log(`Local Cognito on ${identity.outputs.endpoint} (pool ${identity.outputs.userPoolId})`);
    await seedAccounts({ users: new DynamoUsers(db, tableName), ledger: new DynamoLedger(db, tableName, systemClock, randomIds), vendSessions: new DynamoVendSessions(db, tableName), machines }, identity.outputs.accounts);

    // Payments: the sandbox gateway (unless MIDTRANS_SERVER_KEY is set) posts its signed notifications to our own webhook.
    const apiPort = options.apiPort ?? (await freePort());
    const payments = {
      provider: process.env.MIDTRANS_SERVER_KEY ? ('midtrans' as const) : ('sandbox' as const),
      mode: process.env.MIDTRANS_SERVER_KEY ? ('live' as const) : ('sandbox' as const),
      notificationUrl: `http://127.0.0.1:${apiPort}/api/payments/notification`,
      sandboxServerKey: process.env.MIDTRANS_SERVER_KEY ? null : (process.env.SANDBOX_SERVER_KEY ??= `SB-Mid-server-local-${randomUUID()}`),
      sandboxControl: null as string | null,
    };
    if (payments.sandboxServerKey) {
      const control = await startSandboxControl({ serverKey: payments.sandboxServerKey, port: await freePort() });
      stops.push(["the sandbox gateway's control", control.stop]);
      payments.sandboxControl = control.url;
    }
    // A developer trying Midtrans' sandbox through a tunnel sets PAYMENT_NOTIFICATION_URL to its public URL.
    payments.notificationUrl = process.env.PAYMENT_NOTIFICATION_URL ??= payments.notificationUrl;
    process.env.PAYMENTS_MODE = payments.mode;
    const gateway = await startGateway({ port: apiPort, verifyToken: identity.verifyToken, originSecret });
    stops.push(['the API gateway', gateway.stop]);
    log(`API gateway on ${gateway.origin}`);

    let web: { origin: string; distDir: string | null } | null = null;
    if (options.webPort !== null) {
      const { startWeb, startDevWeb } = await import('./web');
      const webOptions = {
        port: options.webPort ?? 5173,
        apiOrigin: gateway.origin,
        identity: identity.outputs,
        region: process.env.AWS_REGION!,
        paymentsMode: payments.mode,
        storageOrigin: storage.endpoint,
        stationList,
        log,
      };
      const server = webBuild ? await startWeb({ ...webOptions, build: await webBuild }) : await startDevWeb(webOptions);
      stops.push(['the web server', server.stop]);
      web = server;
    }

    return {
      outputs: {
        web: web?.origin ?? null,
        webBuild: web?.distDir ?? null,
        api: gateway.origin,
        originSecret,
        dynamodb: { endpoint: dynamo.endpoint, tableName, region: process.env.AWS_REGION! },
        cognito: identity.outputs,
        payments,
        stations: stations.outputs,
        mail: outbox.outputs,
        siteUrl,
        storage: { endpoint: storage.endpoint, bucket: storage.bucket, webPath: `${LOCAL_STORAGE_PATH}${storage.bucket}`, stationListBucket: storage.stationListBucket },
      },
      broker: stations.broker,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function writeOutputs(file: string, outputs: LocalOutputs) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(outputs, null, 2) + '\n');
}
