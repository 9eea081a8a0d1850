import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GazetteerGeocoder } from '@functions/fleet/adapters/gazetteer/gazetteer-geocoder';
import { DEFAULT_REGION } from '@functions/platform/environment';
import { LocalCa } from '../local/adapters/local-ca';
import { startBroker, type LocalBroker, type RuleHandlers } from '../local/broker';
import { startDynamo, type LocalDynamo } from '../local/dynamodb';
import { readRequest, writeResponse, forward, type AwsAccount } from '../local/aws/http';
import { LocalCustomResourceResponses } from '../local/aws/cloudformation';
import { brokerPublisher, LocalIotData } from '../local/aws/iot-data';
import { LocalIotRegistry } from '../local/aws/iot';
import { LocalLocation } from '../local/aws/location';
import { LocalSecretsManager } from '../local/aws/secrets-manager';
import { LocalParameterStore } from '../local/aws/ssm';
import { LocalObjectStore } from '../local/aws/s3';
import { LocalQueues } from '../local/aws/sqs';
import { LocalSes } from '../local/aws/ses';
import { startIdentity, type LocalIdentity } from '../local/identity';
import { freePort } from '../local/net';
import { PARITY_ACCOUNT_ID } from './deployment';
import { LocalMidtrans } from './midtrans';
import { Recorder } from './recorder';

/**
 * The local cloud the parity suite deploys into: DynamoDB Local, cognito-local, the MQTT broker over mutual TLS with
 * the local CA, and the stand-ins of infra/local/aws/ for what has no emulator, all behind the recorder. Started once
 * and shared by several deployments (each names its own tables).
 */
export class ParityCloud {
  private constructor(
    readonly account: AwsAccount,
    readonly dir: string,
    readonly ca: LocalCa,
    readonly dynamo: LocalDynamo,
    readonly identity: LocalIdentity,
    readonly broker: LocalBroker,
    readonly secrets: LocalSecretsManager,
    readonly iot: LocalIotRegistry,
    readonly iotData: LocalIotData,
    readonly location: LocalLocation,
    readonly objects: LocalObjectStore,
    readonly parameters: LocalParameterStore,
    readonly mail: LocalSes,
    /** The payment gateway's API (Midtrans) the functions of a live deployment call. */
    readonly midtrans: LocalMidtrans,
    readonly responses: LocalCustomResourceResponses,
    readonly recorder: Recorder,
    /** Where CloudFormation's ResponseURLs point: https on port 443 of a loopback address of its own, when it could be bound. */
    readonly responseBase: { url: string; port443: boolean },
    /** The X-Ray daemon's UDP address the functions send their segments to, and how many arrived. */
    readonly xray: { address: string; segments: () => number },
    /** The recorder's port every function may reach (the IoT data endpoint DescribeEndpoint answers). */
    readonly sharedPort: number,
    private readonly stops: (() => Promise<unknown>)[],
  ) {}

  /**
   * `region`: where the stand-ins' own ARNs live (certificates): the app stack's region, by default the app's default
   * region, so the cloud can start while the app is still being synthesized.
   */
  static async start(options: { region?: string; log?: (line: string) => void } = {}): Promise<ParityCloud> {
    const log = options.log ?? (() => undefined);
    const account = { region: options.region ?? DEFAULT_REGION, accountId: PARITY_ACCOUNT_ID };
    const stops: (() => Promise<unknown>)[] = [];
    const stopAll = async () => {
      for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
    };
    try {
      const dir = mkdtempSync(join(tmpdir(), 'refill-parity-'));
      stops.push(async () => rmSync(dir, { recursive: true, force: true }));
      const ca = await LocalCa.open(join(dir, 'ca'));

      log('Starting DynamoDB Local, cognito-local and the MQTT broker');
      const [dynamo, identity] = await Promise.all([startDynamo(), startIdentity({ dataDir: join(dir, 'cognito') })]);
      stops.push(dynamo.stop, identity.stop);
      // Stations' messages reach the functions through the drivers (the topic rules' SQL from the template), not the broker.
      const noRules = async () => undefined;
      const rules: RuleHandlers = { heartbeat: noRules, presence: noRules, vendRequest: noRules, vendStarted: noRules, vendComplete: noRules, vendFailed: noRules };
      const broker = await startBroker({ ca, port: await freePort(), handlers: rules });
      stops.push(broker.stop);
      const publisher = brokerPublisher(broker.url, ca);
      stops.push(publisher.close);

      const response = await listenForResponses(ca);
      stops.push(response.stop);
      const responses = new LocalCustomResourceResponses(() => response.url);
      response.serve(responses);

      const secrets = new LocalSecretsManager(account);
      let sharedPort = 0;
      const iot = new LocalIotRegistry(ca, account, () => `localhost:${sharedPort}`);
      const iotData = new LocalIotData(publisher.publish);
      const location = new LocalLocation(new GazetteerGeocoder());
      const parameters = new LocalParameterStore(account);
      const queues = new LocalQueues(account, () => `https://localhost:${sharedPort}`, 'any');
      const objects = new LocalObjectStore();
      const mail = new LocalSes();
      const dynamodb = (request: Parameters<typeof forward>[1]) => forward(dynamo.endpoint, request);
      // Amazon Location's client puts `places.` (search) or `cp.places.` (indexes) before the endpoint's host; Node
      // does not accept a certificate for *.localhost there, so the prefixed names are listed one by one.
      const tls = await ca.issueServer({ dns: ['localhost', 'places.localhost', 'cp.places.localhost'], ip: ['127.0.0.1'] });
      const recorder = new Recorder(
        { key: tls.privateKeyPem, cert: tls.certificatePem },
        {
          dynamodb,
          secretsmanager: secrets.handle,
          'cognito-idp': (request) => forward(identity.outputs.endpoint, request),
          iot: iot.handle,
          iotdata: iotData.handle,
          geo: location.handle,
          ssm: parameters.handle,
          sqs: queues.handle,
          s3: objects.handle,
          ses: mail.handle,
        },
        (secretId) => secrets.find(secretId)?.arn,
      );
      stops.push(() => recorder.stop());
      sharedPort = await recorder.listen();

      const midtrans = await LocalMidtrans.start(ca);
      stops.push(() => midtrans.stop());

      const xray = await xrayDaemon();
      stops.push(xray.stop);

      if (!response.port443) log(`Note: port 443 could not be bound, so aws-cdk-lib's custom resource handlers cannot answer (${response.url})`);
      return new ParityCloud(account, dir, ca, dynamo, identity, broker, secrets, iot, iotData, location, objects, parameters, mail, midtrans, responses, recorder,
        { url: response.url, port443: response.port443 }, xray, sharedPort, stops);
    } catch (error) {
      await stopAll();
      throw error;
    }
  }

  /** The local CA's certificate file: the functions trust the local endpoints through NODE_EXTRA_CA_CERTS. */
  get caFile(): string {
    return this.ca.certificateFile;
  }

  async stop(): Promise<void> {
    for (const stop of [...this.stops].reverse()) await stop().catch((error: unknown) => console.error(error));
  }
}

/**
 * CloudFormation's ResponseURL is an https URL without a port, and aws-cdk-lib's provider functions send their answer
 * to the URL's host on port 443 whatever the URL says. So the receiver listens on 443 of a loopback address of its own
 * (127.x.y.z: several runs at once do not collide); where 443 cannot be bound, on a free port of 127.0.0.1 (then
 * only handlers that keep the port, as the app's own setup function does, can answer).
 */
async function listenForResponses(ca: LocalCa) {
  const octet = () => 2 + Math.floor(Math.random() * 250);
  const host = `127.${octet()}.${octet()}.${octet()}`;
  const issued = await ca.issueServer({ dns: ['localhost'], ip: ['127.0.0.1', host] });
  let target: LocalCustomResourceResponses | undefined;
  const server = createServer({ key: issued.privateKeyPem, cert: issued.certificatePem }, (req, res) => {
    readRequest(req)
      .then((request) => target!.handle(request))
      .then((response) => writeResponse(res, response))
      .catch(() => res.destroy());
  });
  const listen = (port: number, address: string) =>
    new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, address, () => resolve(true));
    });
  const port443 = await listen(443, host);
  if (!port443) await listen(0, '127.0.0.1');
  const port = (server.address() as { port: number }).port;
  return {
    url: port443 ? `https://${host}` : `https://127.0.0.1:${port}`,
    port443,
    serve: (responses: LocalCustomResourceResponses) => (target = responses),
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Counts the segments the functions' X-Ray SDK sends (UDP, as to the daemon in Lambda). */
async function xrayDaemon() {
  const socket: Socket = createSocket('udp4');
  let segments = 0;
  socket.on('message', () => segments++);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    segments: () => segments,
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
