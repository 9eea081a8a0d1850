import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { connectMqtt, MqttConnectError, publishAcked } from '@functions/platform/adapters/iot/mqtt-connect';
import { localJobTopics } from '../../infra/local/adapters/local-broker-jobs';
import { stationTopics } from '@functions/vending/ports/station-messages';
import { LocalBrokerPublisher } from '../../infra/local/adapters/local-broker-messages';
import { LocalCa } from '../../infra/local/adapters/local-ca';
import { brokerPublisher } from '../../infra/local/aws/iot-data';
import { startBroker } from '@infra/local/broker';
import { freePort } from '@infra/local/net';
import { SimStation } from '@infra/local/simulator';
import { asAdmin } from '../support/admin';
import { local, testDb } from '../support/local';
import { closeStations, provision, sleep, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';

let a: Provisioned;
let b: Provisioned;

beforeAll(async () => {
  await workerServices();
  [a, b] = await Promise.all([provision('Broker test A'), provision('Broker test B')]);
});
afterAll(closeStations);

const storedMachine = async (id: string) => (await (await workerServices()).machines.get(id))!;

/** Publishes as `client` and reports whether the broker closed the connection within `ms`. */
function closedAfterPublish(client: MqttClient, topic: string, ms = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    client.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
    client.publish(topic, JSON.stringify({ waterLevel: 1, quality: { tdsPpm: 1, temperatureC: 1 }, firmwareVersion: 'x', counters: { dispensedMl: 0, vends: 0 } }), { qos: 1 }, () => undefined);
  });
}

describe('provisioning (POST /api/admin/machines)', () => {
  it('stores the machine and returns a certificate for its id from the local CA, the CA, the broker and the vend key', async () => {
    const { stations } = local();
    expect(a.machine).toMatchObject({ name: 'Broker test A', location: 'Jl. Test 1, Denpasar, Bali', latitude: '-8.65', status: 'online' });
    const cert = new X509Certificate(a.bundle.certificatePem);
    const ca = new X509Certificate(readFileSync(stations.caFile, 'utf8'));
    expect(cert.subject).toBe(`CN=${a.machine.id}`);
    expect(cert.checkIssued(ca) && cert.verify(ca.publicKey)).toBe(true);
    expect(a.bundle.rootCaPem).toBe(readFileSync(stations.caFile, 'utf8'));
    expect(a.bundle.endpoint).toBe(stations.broker);
    expect(a.bundle.privateKeyPem).toMatch(/^-{5}BEGIN PRIVATE KEY-{5}\n/);
    expect(a.bundle.vendPublicKeyPem).toBe(await (await workerServices()).signingKeys.publicKeyPem());
  });

  it('never stores the private key', async () => {
    const { db, tableName } = testDb();
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.machine(a.machine.id) }));
    expect(Item).toBeTruthy();
    const stored = JSON.stringify(Item);
    expect(stored).not.toContain('PRIVATE KEY');
    expect(stored).not.toContain(a.bundle.privateKeyPem.split('\n')[1]);
    expect(Item!.maxFillMl).toBe(1500);
  });

  it('answers 409 for an id that exists, and 400 for a malformed one', async () => {
    const again = await asAdmin('/api/admin/machines', { method: 'POST', json: { id: a.machine.id, name: 'Dup', location: 'x', latitude: '-8.6', longitude: '115.2' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`A machine with ID ${a.machine.id} already exists`);
    const bad = await asAdmin('/api/admin/machines', { method: 'POST', json: { id: 'station one', name: 'x', location: 'x', latitude: '-8.6', longitude: '115.2' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.id).toBe('Machine ID looks like HRL-00026');
  });
});

describe('the local broker enforces the station policy', () => {
  it('accepts a station with its own client id, and its own heartbeat reaches the handler', async () => {
    const station = await stationFor(a);
    await station.connect();
    await station.heartbeat({ waterLevel: 64 });
    const { value } = await waitFor(() => storedMachine(a.machine.id), (m) => m.waterLevel === 64);
    expect(value.lastHeartbeat).toBeTruthy();
    await station.close();
  });

  it('fails a QoS 1 publish whose connection the broker closes before its PUBACK, instead of waiting for ever', async () => {
    const client = await connectMqtt({ url: a.bundle.endpoint, clientId: a.machine.id, certificatePem: a.bundle.certificatePem, privateKeyPem: a.bundle.privateKeyPem, caPem: a.bundle.rootCaPem });
    try {
      // Another station's topic: the broker refuses it and closes the connection (IoT Core: FORBIDDEN_ACCESS), no PUBACK.
      await expect(publishAcked(client, stationTopics.heartbeat(b.machine.id), '{}')).rejects.toThrow(/Connection closed/);
      await expect(publishAcked(client, stationTopics.heartbeat(a.machine.id), '{}')).rejects.toThrow('Connection closed');
    } finally {
      client.end(true);
    }
  });

  it("parity's IoT data plane connects anew after the broker closed its connection, and its QoS 1 publish fails rather than hangs", async () => {
    const publisher = brokerPublisher(a.bundle.endpoint, await LocalCa.open(local().stations.caDir));
    const station = await connectMqtt({ url: a.bundle.endpoint, clientId: a.machine.id, certificatePem: a.bundle.certificatePem, privateKeyPem: a.bundle.privateKeyPem, caPem: a.bundle.rootCaPem });
    const received: string[] = [];
    station.on('message', (_topic, payload) => received.push(payload.toString()));
    try {
      await station.subscribeAsync(stationTopics.vendAuthorized(a.machine.id), { qos: 1 });
      // A topic the back end may not publish: the broker closes its connection.
      await expect(publisher.publish(stationTopics.heartbeat(a.machine.id), Buffer.from('{}'), 1)).rejects.toThrow(/Connection closed/);
      await publisher.publish(stationTopics.vendAuthorized(a.machine.id), Buffer.from('{"after":"reconnect"}'), 1);
      await waitFor(async () => received, (messages) => messages.includes('{"after":"reconnect"}'));
    } finally {
      station.end(true);
      await publisher.close();
    }
  });

  it("puts the event of a rule's function that fails on the dead-letter queue, as Lambda does after its retries", async () => {
    const dead: unknown[] = [];
    const nothing = async () => undefined;
    const broker = await startBroker({
      ca: await LocalCa.open(local().stations.caDir), port: await freePort(), deadLetter: (entry) => dead.push(entry),
      handlers: { heartbeat: async () => Promise.reject(new Error('table unavailable')), presence: nothing, vendRequest: nothing, vendStarted: nothing, vendComplete: nothing, vendFailed: nothing },
    });
    const station = new SimStation({ id: a.machine.id, certificatePem: a.bundle.certificatePem, privateKeyPem: a.bundle.privateKeyPem, caPem: a.bundle.rootCaPem }, { brokerUrl: broker.url });
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await station.connect({ subscribe: false });
      await station.heartbeat({ waterLevel: 55 });
      await waitFor(async () => dead.length, (n) => n === 1);
      expect(dead[0]).toMatchObject({ rule: 'heartbeat', error: 'table unavailable', event: { stationId: a.machine.id, waterLevel: 55 } });
      expect(broker.stats.handlerErrors).toBe(1);
    } finally {
      console.error = quiet;
      await station.close();
      await broker.stop();
    }
  });

  it('stamps each heartbeat with the time the broker received it, in the order received, whatever the payload claims', async () => {
    const events: { stationId?: unknown; receivedAt?: unknown; counters?: { uptimeSeconds?: number } }[] = [];
    const nothing = async () => undefined;
    const broker = await startBroker({
      ca: await LocalCa.open(local().stations.caDir), port: await freePort(),
      handlers: { heartbeat: async (event) => void events.push(event as (typeof events)[number]), presence: nothing, vendRequest: nothing, vendStarted: nothing, vendComplete: nothing, vendFailed: nothing },
    });
    const station = new SimStation({ id: a.machine.id, certificatePem: a.bundle.certificatePem, privateKeyPem: a.bundle.privateKeyPem, caPem: a.bundle.rootCaPem }, { brokerUrl: broker.url });
    try {
      await station.connect({ subscribe: false });
      const before = Date.now();
      // Published back to back, so that several arrive within one millisecond; each claims a receivedAt of its own.
      await Promise.all(Array.from({ length: 20 }, (_, n) => station.heartbeat({ counters: { dispensedMl: 0, vends: 0, failures: 0, uptimeSeconds: n }, receivedAt: 1 })));
      await waitFor(async () => events.length, (n) => n === 20);
      const after = Date.now();
      expect(events.map((e) => e.stationId)).toEqual(Array(20).fill(a.machine.id));
      expect(events.map((e) => e.counters?.uptimeSeconds)).toEqual(Array.from({ length: 20 }, (_, n) => n));
      const stamps = events.map((e) => e.receivedAt as number);
      for (const [i, at] of stamps.entries()) {
        expect(Number.isInteger(at) && at >= before && at <= after + 20, `receivedAt ${at} of heartbeat ${i}`).toBe(true);
        if (i > 0) expect(at, `heartbeat ${i} after ${i - 1}`).toBeGreaterThan(stamps[i - 1]!);
      }
    } finally {
      await station.close();
      await broker.stop();
    }
  });

  it('keeps its queued jobs across a restart: a station that connects only afterwards still gets and reports its job', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'refill-jobs-'));
    const jobsStateFile = join(dir, 'jobs.json');
    // The ends of executions (the same handler also takes progress reports).
    const ended: { eventType?: string; jobId?: string; operation?: string; thingArn?: string }[] = [];
    const nothing = async () => undefined;
    const handlers = { heartbeat: nothing, presence: nothing, vendRequest: nothing, vendStarted: nothing, vendComplete: nothing, vendFailed: nothing, commandResult: async (event: unknown) => void ((event as (typeof ended)[number]).eventType === 'JOB_EXECUTION' && ended.push(event as (typeof ended)[number])) };
    const ca = await LocalCa.open(local().stations.caDir);
    const port = await freePort();
    let broker = await startBroker({ ca, port, handlers, jobsStateFile });
    const backend = new LocalBrokerPublisher(broker.url, local().stations.caDir);
    const station = new SimStation({ id: b.machine.id, certificatePem: b.bundle.certificatePem, privateKeyPem: b.bundle.privateKeyPem, caPem: b.bundle.rootCaPem }, { brokerUrl: broker.url });
    try {
      // The back end creates a job for a station that is not connected, then the broker restarts.
      await backend.publish(localJobTopics.dispatch, { jobId: 'restart-test_1', stationIds: [b.machine.id], document: { type: 'setPrice', pricePerLitre: 1900, commandId: 'restart-test' } });
      await waitFor(async () => existsSync(jobsStateFile) && readFileSync(jobsStateFile, 'utf8').includes('restart-test_1'), (saved) => saved);
      await backend.close();
      await broker.stop();
      broker = await startBroker({ ca, port, handlers, jobsStateFile });

      // The station connects to the restarted broker: its queued job is there, and its end is reported.
      await station.connect();
      await waitFor(async () => ended, (events) => events.length === 1);
      expect(ended[0]).toMatchObject({ jobId: 'restart-test_1', operation: 'succeeded', thingArn: expect.stringMatching(new RegExp(`/${b.machine.id}$`)) });
      expect(station.commands.pricePerLitre).toBe(1900);
      // Ended jobs stay ended after another restart: nothing runs twice.
      await station.close();
      await broker.stop();
      broker = await startBroker({ ca, port, handlers, jobsStateFile });
      const again = new SimStation({ id: b.machine.id, certificatePem: b.bundle.certificatePem, privateKeyPem: b.bundle.privateKeyPem, caPem: b.bundle.rootCaPem }, { brokerUrl: broker.url });
      await again.connect();
      await sleep(500);
      await again.close();
      expect(ended).toHaveLength(1);
    } finally {
      await station.close();
      await broker.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stores the time the broker received a heartbeat, never one the station claims', async () => {
    const station = await stationFor(a);
    await station.connect();
    const before = Date.now();
    await station.heartbeat({ waterLevel: 40, receivedAt: Date.parse('2100-01-01T00:00:00Z') });
    const { value } = await waitFor(() => storedMachine(a.machine.id), (m) => m.waterLevel === 40);
    expect(Date.parse(value.heartbeatReceivedAt!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(value.heartbeatReceivedAt!)).toBeLessThanOrEqual(Date.now());
    // A later heartbeat still applies.
    await station.heartbeat({ waterLevel: 41 });
    await waitFor(() => storedMachine(a.machine.id), (m) => m.waterLevel === 41);
    await station.close();
  });

  it('refuses a station certificate that connects with another client id', async () => {
    const station = await stationFor(a);
    const error = await station.connect({ clientId: b.machine.id }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(MqttConnectError);
    expect((error as MqttConnectError).message).toMatch(/Not authorized/i);
    const other = await station.connect({ clientId: `${a.machine.id}-2` }).then(() => null, (e: unknown) => e);
    expect(other).toBeInstanceOf(MqttConnectError);
  });

  it('refuses a certificate that the local CA did not issue', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rogue-ca-'));
    try {
      const rogue = await LocalCa.open(dir);
      const cert = await rogue.issueClient(a.machine.id);
      const error = await connectMqtt({ url: local().stations.broker, clientId: a.machine.id, certificatePem: cert.certificatePem, privateKeyPem: cert.privateKeyPem, caPem: a.bundle.rootCaPem, timeoutMs: 5000 })
        .then((c) => (c.end(true), null), (e: unknown) => e);
      expect(error).toBeInstanceOf(MqttConnectError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("grants no subscription to another station's topics or wildcards, and its own vend answers", async () => {
    const station = await stationFor(a);
    const client = await station.connect({ subscribe: false });
    const other = b.machine.id;
    /** mqtt.js fails a subscription whose SUBACK return code is 0x80 (refused). */
    const granted = (topic: string) => client.subscribeAsync(topic, { qos: 1 }).then((g) => g[0]?.qos, () => 128);
    for (const topic of [`stations/${other}/vend/authorized`, `stations/${other}/vend/denied`, 'stations/+/vend/authorized', `stations/${a.machine.id}/#`, 'stations/#', '#', `stations/${a.machine.id}/heartbeat`, '$SYS/#']) {
      expect(await granted(topic), topic).toBe(128);
    }
    expect(await granted(`stations/${a.machine.id}/vend/authorized`)).toBe(1);
    expect(await granted(`stations/${a.machine.id}/vend/denied`)).toBe(1);
    await station.close();
  });

  it.each([
    ['another station\'s heartbeat', (other: string) => `stations/${other}/heartbeat`],
    ['another station\'s vend request', (other: string) => `stations/${other}/vend/request`],
    ['its own vend answer topic (only the back end answers)', (_other: string) => `stations/${a.machine.id}/vend/authorized`],
    ['a topic outside stations/', (_other: string) => 'telemetry/all'],
  ])('disconnects a station that publishes to %s', async (_label, topic) => {
    const station = await stationFor(a);
    const client = await station.connect({ subscribe: false });
    expect(await closedAfterPublish(client, topic(b.machine.id))).toBe(true);
    await station.close();
  });

  it("leaves the other station untouched by the refused heartbeat", async () => {
    await sleep(300);
    const other = await storedMachine(b.machine.id);
    expect(other.lastHeartbeat).toBeUndefined();
    expect(other.waterLevel).toBeUndefined();
  });
});
