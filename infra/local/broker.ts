import type { TLSSocket } from 'node:tls';
import { createServer, type Server } from 'node:tls';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Context } from 'aws-lambda';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '@functions/platform/adapters/dynamodb/client';
import { ingestedItem } from '@functions/fleet/adapters/iot/heartbeat-ingest';
import { setting } from '@functions/platform/environment';
import type { LocalCa } from './adapters/local-ca';
import { JOB_IN_PROGRESS_TIMEOUT_MINUTES } from '@functions/fleet/adapters/iot/iot-station-jobs';
import { emulateJobs } from './broker-jobs';
import { lambdaContext } from './lambda-context';
import { mayConnect, mayPublish, maySubscribe, principalOf, ruleOf, type Principal, type RuleName } from './broker-policy';

/**
 * The heartbeat rule's DynamoDB action: the reading item the rule's SELECT yields, put in the table the handlers use
 * (the local stream consumer then hands it to the heartbeat function, as the table's stream does in AWS).
 */
function heartbeatRuleAction(): (item: unknown) => Promise<unknown> {
  let db: DynamoDBDocumentClient | undefined;
  return (item) => {
    const TableName = setting('TABLE_NAME');
    db ??= createDocumentClient({ tableName: TableName });
    return db.send(new PutCommand({ TableName, Item: item as Record<string, unknown> }));
  };
}

type RuleHandler = (event: unknown) => Promise<unknown>;
/**
 * The Lambda handlers the IoT rules call (and the heartbeat rule's table write); the broker calls the very same ones.
 * `commandResult` takes the job execution events and the stations' progress (without it, both are dropped).
 */
export type RuleHandlers = Record<Exclude<RuleName, 'commandProgress'> | 'presence', RuleHandler> & { commandResult?: RuleHandler };

async function defaultRuleHandlers(): Promise<RuleHandlers> {
  const [presence, vendRequest, vendStarted, vendComplete, vendFailed, commandResult] = await Promise.all([
    import('@functions/iot/presence'),
    import('@functions/iot/vendRequest'),
    import('@functions/iot/vendStarted'),
    import('@functions/iot/vendComplete'),
    import('@functions/iot/vendFailed'),
    import('@functions/iot/commandResult'),
  ]);
  const rule = (name: string, handler: (event: unknown, context: Context) => Promise<unknown>) => (event: unknown) => handler(event, lambdaContext(name));
  return {
    heartbeat: heartbeatRuleAction(),
    presence: rule('presence', presence.handler),
    vendRequest: rule('vendRequest', vendRequest.handler),
    vendStarted: rule('vendStarted', vendStarted.handler),
    vendComplete: rule('vendComplete', vendComplete.handler),
    vendFailed: rule('vendFailed', vendFailed.handler),
    commandResult: rule('commandResult', commandResult.handler),
  };
}

interface BrokerStats {
  connections: number;
  refusedConnections: number;
  deniedPublishes: number;
  deniedSubscriptions: number;
  ruleMessages: Record<RuleName, number>;
  /** Job execution events reported (succeeded, failed, canceled, timed_out, ...). */
  jobEvents: number;
  presenceEvents: number;
  handlerErrors: number;
}

export interface LocalBroker {
  url: string;
  port: number;
  stats: BrokerStats;
  /** Resolves when every rule and presence handler started so far has finished (in the local stack, and the stream's fold). */
  idle(): Promise<void>;
  /**
   * Resolves when every rule and presence handler started so far has finished, whatever the table's stream still
   * carries: a vend is settled when its vend/complete handler is done (the bench's vend round trip).
   */
  handlersIdle(): Promise<void>;
  stop(): Promise<void>;
}

type Log = (line: string) => void;

/**
 * The local stand-in for IoT Core's message broker and rules engine: MQTT 3.1.1 over mutual TLS
 * (aedes on node:tls), accepting only certificates of the local CA, enforcing the station policy
 * (broker-policy.ts), handing messages on rule topics to the IoT handlers with the payload and the topic's station
 * id (the rules' `topic(2) AS stationId`), heartbeats (Basic Ingest) to the heartbeat rule's table write, and connects/disconnects
 * to the presence handler as $aws/events/presence events.
 */
export async function startBroker(options: {
  ca: LocalCa; port: number; host?: string; handlers?: RuleHandlers; log?: Log;
  /** How long a job execution may stay in progress before it times out (IoT Jobs' timeoutConfig). */
  jobInProgressTimeoutMs?: number;
  /** Where the jobs emulation keeps its jobs across restarts (infra/local/broker-jobs.ts); none: in memory. */
  jobsStateFile?: string;
  /** Where the event of a handler that failed goes (the stack's dead-letter queue in AWS). */
  deadLetter?: (event: unknown) => void;
}): Promise<LocalBroker> {
  const log = options.log ?? (() => undefined);
  const handlers = options.handlers ?? (await defaultRuleHandlers());
  const host = options.host ?? '127.0.0.1';
  const stats: BrokerStats = {
    connections: 0, refusedConnections: 0, deniedPublishes: 0, deniedSubscriptions: 0,
    ruleMessages: { heartbeat: 0, vendRequest: 0, vendStarted: 0, vendComplete: 0, vendFailed: 0, commandProgress: 0 }, jobEvents: 0, presenceEvents: 0, handlerErrors: 0,
  };
  const principals = new WeakMap<Client, Principal>();
  const disconnectReasons = new WeakMap<Client, string>();
  const sessions = new WeakMap<Client, { id: string; version: number; principalIdentifier?: string }>();
  const versions = new Map<string, number>();
  const pending = new Set<Promise<unknown>>();
  // The handler orders a station's heartbeats by receivedAt and ignores one not newer than the stored one. IoT's
  // timestamp() has millisecond resolution; a local flood can bring two heartbeats of one station within the same
  // millisecond, so each gets at least one more than the last, which keeps them in the order received.
  const lastHeartbeatAt = new Map<string, number>();
  const heartbeatReceivedAt = (stationId: string) => {
    const at = Math.max(Date.now(), (lastHeartbeatAt.get(stationId) ?? 0) + 1);
    lastHeartbeatAt.set(stationId, at);
    return at;
  };

  const run = (name: string, handler: (event: unknown) => Promise<unknown>, event: unknown) => {
    const job = handler(event).catch((error: unknown) => {
      stats.handlerErrors++;
      console.error(`local IoT rule ${name} failed:`, error);
      options.deadLetter?.({ rule: name, event, error: (error as Error).message });
    });
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };

  const presence = (client: Client, eventType: 'connected' | 'disconnected') => {
    const principal = principals.get(client);
    if (principal?.kind !== 'station') return;
    const session = sessions.get(client)!;
    const socket = client.conn as TLSSocket;
    stats.presenceEvents++;
    run('presence', handlers.presence, {
      clientId: client.id,
      timestamp: Date.now(),
      eventType,
      sessionIdentifier: session.id,
      principalIdentifier: session.principalIdentifier,
      versionNumber: session.version,
      ...(eventType === 'connected'
        ? { ipAddress: socket.remoteAddress }
        : { clientInitiatedDisconnect: disconnectReasons.get(client) === 'CLIENT_INITIATED_DISCONNECT', disconnectReason: disconnectReasons.get(client) ?? 'CONNECTION_LOST' }),
    });
  };

  const broker = await Aedes.createBroker({
    authenticate(client, _username, _password, done) {
      const socket = client.conn as TLSSocket;
      const principal = socket.authorized ? principalOf(socket.getPeerCertificate().subject?.CN as string | undefined) : null;
      if (!principal || !mayConnect(principal, client.id)) {
        stats.refusedConnections++;
        log(`broker: refused client id ${client.id} for certificate ${socket.getPeerCertificate()?.subject?.CN ?? '(none)'}`);
        const error = new Error('Not authorized') as AuthenticateError;
        error.returnCode = 5;
        return done(error, false);
      }
      principals.set(client, principal);
      if (principal.kind === 'station') {
        // A second connection with the same client id replaces the first (IoT Core: DUPLICATE_CLIENTID).
        const previous = (broker as unknown as { clients: Record<string, Client> }).clients[client.id];
        if (previous && previous !== client) disconnectReasons.set(previous, 'DUPLICATE_CLIENTID');
        const version = (versions.get(client.id) ?? 0) + 1;
        versions.set(client.id, version);
        sessions.set(client, { id: crypto.randomUUID(), version, principalIdentifier: socket.getPeerCertificate().fingerprint256?.replace(/:/g, '').toLowerCase() });
      }
      done(null, true);
    },
    authorizePublish(client, packet, done) {
      const principal = client && principals.get(client);
      if (principal && mayPublish(principal, packet.topic)) return done(null);
      stats.deniedPublishes++;
      if (client) disconnectReasons.set(client, 'FORBIDDEN_ACCESS');
      log(`broker: ${client?.id ?? '?'} may not publish to ${packet.topic}; disconnecting it`);
      done(new Error(`Not authorized to publish to ${packet.topic}`));
    },
    authorizeSubscribe(client, subscription, done) {
      const principal = principals.get(client);
      if (principal && maySubscribe(principal, subscription.topic)) return done(null, subscription);
      stats.deniedSubscriptions++;
      log(`broker: ${client.id} may not subscribe to ${subscription.topic}`);
      done(null, null);
    },
  });

  const jobs = emulateJobs({
    publish: (topic, message) => broker.publish({ cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(message)), qos: 1, retain: false, dup: false }, () => undefined),
    report: (event) => {
      stats.jobEvents++;
      if (handlers.commandResult) run('commandResult', handlers.commandResult, event);
    },
    inProgressTimeoutMs: options.jobInProgressTimeoutMs ?? JOB_IN_PROGRESS_TIMEOUT_MINUTES * 60_000,
    stateFile: options.jobsStateFile,
  });

  broker.on('clientReady', (client) => {
    stats.connections++;
    presence(client, 'connected');
  });
  broker.on('clientDisconnect', (client) => {
    const c = client as Client & { _disconnected?: boolean };
    if (c._disconnected && !disconnectReasons.has(client)) disconnectReasons.set(client, 'CLIENT_INITIATED_DISCONNECT');
    presence(client, 'disconnected');
  });
  broker.on('keepaliveTimeout', (client) => disconnectReasons.set(client, 'MQTT_KEEP_ALIVE_TIMEOUT'));
  broker.on('publish', (packet, client) => {
    if (!client) return;
    const principal = principals.get(client);
    const jobsTopic = packet.topic.startsWith('$aws/things/') || packet.topic.startsWith('$local/jobs/');
    const match = ruleOf(packet.topic);
    if (!match && !jobsTopic) return;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(packet.payload).toString('utf8'));
    } catch {
      payload = undefined;
    }
    if (jobsTopic) {
      if (principal?.kind === 'backend') jobs.control(packet.topic, payload);
      else if (principal?.kind === 'station') jobs.device(principal.id, packet.topic, payload ?? {});
      return;
    }
    if (!match) return;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
      console.warn(JSON.stringify({ level: 'warn', message: 'local IoT rule: payload is not a JSON object; dropped', topic: packet.topic }));
      return;
    }
    if (match.rule === 'heartbeat') {
      const item = ingestedItem(payload as Record<string, unknown>, match.stationId, heartbeatReceivedAt(match.stationId));
      if (!item) {
        console.warn(JSON.stringify({ level: 'warn', message: 'local IoT rule heartbeat: WHERE is false (not a heartbeat); dropped', topic: packet.topic }));
        return;
      }
      stats.ruleMessages.heartbeat++;
      run('heartbeat', handlers.heartbeat, item);
      return;
    }
    stats.ruleMessages[match.rule]++;
    const handler = match.rule === 'commandProgress' ? handlers.commandResult : handlers[match.rule];
    // topic(2) AS stationId, timestamp() AS receivedAt: the broker's values, never ones the payload claims.
    if (handler) run(match.rule, handler, { ...payload, stationId: match.stationId });
  });

  const server: Server = createServer({
    ...(await serverCredentials(options.ca, host)),
    ca: [options.ca.certificatePem],
    requestCert: true,
    rejectUnauthorized: true,
    minVersion: 'TLSv1.2',
  }, (socket) => broker.handle(socket));
  const sockets = new Set<TLSSocket>();
  server.on('secureConnection', (socket) => {
    // Small packets answered at once (PUBACK, SUBACK): no Nagle delay, as IoT Core answers.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', (error) => log(`broker: TLS handshake refused (${error.message})`));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });

  const idle = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  return {
    url: `mqtts://${host}:${options.port}`,
    port: options.port,
    stats,
    idle,
    handlersIdle: idle,
    stop: async () => {
      jobs.stop();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.race([idle(), new Promise((r) => setTimeout(r, 5000))]);
    },
  };
}

async function serverCredentials(ca: LocalCa, host: string) {
  const issued = await ca.issueServer({ dns: ['localhost'], ip: [...new Set(['127.0.0.1', host])] });
  return { key: issued.privateKeyPem, cert: issued.certificatePem };
}
