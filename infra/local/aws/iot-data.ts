import type { MqttClient } from 'mqtt';
import { connectMqtt, publishAcked } from '@functions/platform/adapters/iot/mqtt-connect';
import type { LocalCa } from '../adapters/local-ca';
import { matchRestOperation, restJson, restJsonError, type AwsHandler, type AwsRequest, type RestOperation } from './http';

export const IOT_DATA_OPERATIONS: readonly RestOperation[] = [['POST', '/topics/{topic}', 'Publish']];

export type Publish = (topic: string, payload: Buffer, qos: 0 | 1) => Promise<void>;

/** A message the data plane accepted, in the order published. */
export interface PublishedMessage {
  topic: string;
  payload: Buffer;
  qos: 0 | 1;
}

/**
 * The local stand-in for the AWS IoT data plane (REST-JSON): Publish hands the message to the local MQTT broker
 * (`brokerPublisher`), so stations subscribed there receive it as they would from IoT Core.
 */
export class LocalIotData {
  readonly published: PublishedMessage[] = [];

  constructor(private readonly publish: Publish) {}

  readonly handle: AwsHandler = async (request: AwsRequest) => {
    const match = matchRestOperation(IOT_DATA_OPERATIONS, request);
    if (!match) return restJsonError('UnknownOperationException', `The local IoT data plane does not implement ${request.method} ${request.path}`, 404);
    const topic = match.params.topic!;
    if (!topic || topic.startsWith('$') || topic.includes('+') || topic.includes('#')) return restJsonError('InvalidRequestException', `Invalid topic ${topic}`, 400);
    const qos = request.query.get('qos') === '1' ? 1 : 0;
    await this.publish(topic, request.body, qos);
    this.published.push({ topic, payload: request.body, qos });
    return restJson(undefined);
  };
}

/**
 * Publishes on the local broker as the back end's own client (certificate CN 'backend' from the local CA, which the
 * broker lets publish only the stations' reply topics, as the IAM grants of the functions do in AWS).
 */
export function brokerPublisher(brokerUrl: string, ca: LocalCa): { publish: Publish; close(): Promise<void> } {
  let client: Promise<MqttClient> | undefined;
  const connect = () => {
    if (client) return client;
    const connecting = ca.issueClient('backend', 1).then(async (cert) => {
      const connected = await connectMqtt({ url: brokerUrl, clientId: `backend-${crypto.randomUUID().slice(0, 8)}`, certificatePem: cert.certificatePem, privateKeyPem: cert.privateKeyPem, caPem: ca.certificatePem });
      // A connection the broker closed is not used again: the next publish connects anew.
      connected.once('close', () => {
        if (client === connecting) client = undefined;
      });
      return connected;
    });
    client = connecting;
    connecting.catch(() => {
      if (client === connecting) client = undefined;
    });
    return connecting;
  };
  return {
    publish: async (topic, payload, qos) => {
      const connected = await connect();
      if (qos === 1) await publishAcked(connected, topic, payload);
      else await connected.publishAsync(topic, payload, { qos });
    },
    close: async () => {
      const open = await client?.catch(() => undefined);
      client = undefined;
      await open?.endAsync(true);
    },
  };
}
