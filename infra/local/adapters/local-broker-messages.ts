import type { MqttClient } from 'mqtt';
import { stationTopics, type StationMessages, type VendAuthorizedMessage, type VendDeniedMessage } from '@functions/vending/ports/station-messages';
import { LocalCa } from './local-ca';
import { connectMqtt } from '@functions/platform/adapters/iot/mqtt-connect';

const open = new Set<LocalBrokerPublisher>();

/**
 * The back end's own MQTT client on the local broker, with a 'backend' certificate from the local CA that the broker
 * lets publish only what the back end sends (infra/local/broker-policy.ts).
 */
export class LocalBrokerPublisher {
  private client?: Promise<MqttClient>;

  constructor(private readonly brokerUrl: string, private readonly caDir: string) {}

  async publish(topic: string, message: object) {
    const client = await this.connect();
    await client.publishAsync(topic, JSON.stringify(message), { qos: 1 });
  }

  async close(): Promise<void> {
    open.delete(this);
    const client = await this.client?.catch(() => undefined);
    this.client = undefined;
    await client?.endAsync(true);
  }

  private connect(): Promise<MqttClient> {
    this.client ??= (async () => {
      const ca = await LocalCa.open(this.caDir);
      const cert = await ca.issueClient('backend', 1);
      const client = await connectMqtt({
        url: this.brokerUrl,
        clientId: `backend-${crypto.randomUUID().slice(0, 8)}`,
        certificatePem: cert.certificatePem,
        privateKeyPem: cert.privateKeyPem,
        caPem: ca.certificatePem,
        reconnectPeriod: 1000,
      });
      open.add(this);
      return client;
    })();
    this.client.catch(() => (this.client = undefined));
    return this.client;
  }
}

/** The local stand-in for the IoT data plane: publishes the vend answers on the local broker. */
export class LocalBrokerStationMessages implements StationMessages {
  private readonly publisher: LocalBrokerPublisher;

  constructor(brokerUrl: string, caDir: string) {
    this.publisher = new LocalBrokerPublisher(brokerUrl, caDir);
  }

  vendAuthorized(stationId: string, message: VendAuthorizedMessage) {
    return this.publisher.publish(stationTopics.vendAuthorized(stationId), message);
  }

  vendDenied(stationId: string, message: VendDeniedMessage) {
    return this.publisher.publish(stationTopics.vendDenied(stationId), message);
  }
}

/** Closes every local publisher of this process (the local stack calls it on stop). */
export async function closeLocalBrokerClients(): Promise<void> {
  await Promise.all([...open].map((publisher) => publisher.close()));
}
