import mqtt, { type MqttClient } from 'mqtt';

export interface MqttTlsOptions {
  /** mqtts://host:port */
  url: string;
  clientId: string;
  certificatePem: string;
  privateKeyPem: string;
  caPem: string;
  /** Reconnect automatically after a drop (ms between attempts); 0 = never. */
  reconnectPeriod?: number;
  keepalive?: number;
  timeoutMs?: number;
}

/** Why a connection was refused, as far as the client can tell. */
export class MqttConnectError extends Error {
  constructor(message: string, readonly code?: number | string) {
    super(message);
    this.name = 'MqttConnectError';
  }
}

/**
 * Connects over mutual TLS (MQTT 3.1.1, as IoT Core speaks it). Unlike mqtt.connectAsync this never hangs:
 * a rejected certificate, a refused CONNACK, a closed socket or the timeout all reject.
 */
export function connectMqtt(options: MqttTlsOptions): Promise<MqttClient> {
  const url = new URL(options.url);
  const client = mqtt.connect({
    protocol: 'mqtts',
    host: url.hostname,
    port: Number(url.port || 8883),
    protocolVersion: 4,
    clientId: options.clientId,
    key: options.privateKeyPem,
    cert: options.certificatePem,
    ca: options.caPem,
    rejectUnauthorized: true,
    servername: url.hostname === '127.0.0.1' ? 'localhost' : url.hostname,
    clean: true,
    keepalive: options.keepalive ?? 30,
    reconnectPeriod: options.reconnectPeriod ?? 0,
    connectTimeout: options.timeoutMs ?? 10_000,
  });
  // MQTT packets are small and answered at once: without TCP_NODELAY, Nagle's algorithm and delayed ACKs hold each QoS 1 publish ~40 ms.
  client.on('connect', () => (client.stream as { setNoDelay?: (noDelay: boolean) => void }).setNoDelay?.(true));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new MqttConnectError(`No CONNACK from ${options.url} within ${options.timeoutMs ?? 10_000} ms`, 'timeout')), options.timeoutMs ?? 10_000);
    const cleanup = () => {
      clearTimeout(timer);
      client.off('connect', ok);
      client.off('error', onError);
      client.off('close', onClose);
    };
    const fail = (error: Error) => {
      cleanup();
      client.end(true);
      reject(error);
    };
    const ok = () => {
      cleanup();
      resolve(client);
    };
    const onError = (error: Error & { code?: number | string }) => fail(new MqttConnectError(error.message, error.code));
    const onClose = () => fail(new MqttConnectError('Connection closed before CONNACK', 'closed'));
    client.once('connect', ok);
    client.once('error', onError);
    client.once('close', onClose);
  });
}

/**
 * A QoS 1 publish that settles: resolved on its PUBACK, rejected when the connection closes first. mqtt.js keeps a
 * QoS 1 publish waiting for a reconnection that, with `reconnectPeriod: 0`, never comes (only a forced end fails it),
 * so a connection closed by the broker would leave the caller waiting forever.
 */
export function publishAcked(client: MqttClient, topic: string, payload: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!client.connected) {
      reject(new Error('Connection closed'));
      return;
    }
    const onClose = () => reject(new Error('Connection closed before PUBACK'));
    client.once('close', onClose);
    client.publish(topic, payload, { qos: 1 }, (error) => {
      client.off('close', onClose);
      if (error) reject(error);
      else resolve();
    });
  });
}
