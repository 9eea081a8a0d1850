import { once } from 'node:events';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from '@shared/zod';
import { Machine } from '@shared/schemas/machine';
import { StationEvent } from '@shared/schemas/telemetry';
import { asAdmin } from '../support/admin';
import { apiFetch } from '../support/local';
import {
  closeStations,
  provision,
  sleep,
  stationFor,
  waitFor,
  workerServices,
  type Provisioned,
} from './stations-support';
import { lambdaContext } from '@infra/local/lambda-context';
import { marshall } from '@aws-sdk/util-dynamodb';
import { ingestedItem } from '@functions/fleet/adapters/iot/heartbeat-ingest';

const machineOverHttp = async (id: string) => {
  const { status, body } = await apiFetch(`/api/machines/${id}`);
  expect(status).toBe(200);
  return Machine.parse(body);
};

let fresh: Provisioned;
beforeAll(async () => {
  await workerServices();
  fresh = await provision('Status test station', 'offline');
});
afterAll(closeStations);

describe('heartbeats and presence (GET /api/machines/{id})', () => {
  it('moves a station online with its water level and quality, and offline within seconds of a dropped connection', async () => {
    const id = fresh.machine.id;
    expect(await machineOverHttp(id)).toMatchObject({ status: 'offline', waterLevel: null, quality: null, lastHeartbeat: null });

    const station = await stationFor(fresh);
    await station.connect();
    await station.heartbeat({ waterLevel: 77, quality: { tdsPpm: 42, temperatureC: 27.5 }, firmwareVersion: 'sim-2.0.0' });
    const online = await waitFor(() => machineOverHttp(id), (m) => m.status === 'online' && m.waterLevel === 77);
    expect(online.value.quality).toEqual({ tdsPpm: 42, temperatureC: 27.5 });
    expect(Date.now() - Date.parse(online.value.lastHeartbeat!)).toBeLessThan(10_000);
    const stored = (await (await workerServices()).machines.get(id))!;
    expect(stored).toMatchObject({ firmwareVersion: 'sim-2.0.0', counters: { vends: 0, dispensedMl: 0 } });

    // The 4G link drops: no DISCONNECT packet, the broker only sees the socket close.
    station.drop();
    const offline = await waitFor(() => machineOverHttp(id), (m) => m.status === 'offline');
    console.log(`stations: online ${online.ms} ms after the heartbeat, offline ${offline.ms} ms after the connection dropped`);
    expect(offline.ms).toBeLessThan(3000);
    // Why it is offline, as IoT Core says it: the link was lost, not a goodbye.
    expect(offline.value.connection).toMatchObject({ state: 'disconnected', reason: 'CONNECTION_LOST' });

    // Back again: online at once on connect.
    await station.connect();
    const back = await waitFor(() => machineOverHttp(id), (m) => m.status === 'online');
    expect(back.value.connection).toMatchObject({ state: 'connected', reason: null });
    await station.close();
    const closed = await waitFor(() => machineOverHttp(id), (m) => m.status === 'offline');
    expect(closed.value.connection).toMatchObject({ state: 'disconnected', reason: 'CLIENT_INITIATED_DISCONNECT' });
  });

  it('logs and drops a malformed heartbeat, and keeps taking well-formed ones', async () => {
    const p = await provision('Malformed heartbeat station');
    const station = await stationFor(p);
    await station.connect();
    await station.heartbeat({ waterLevel: 55 });
    await waitFor(() => machineOverHttp(p.machine.id), (m) => m.waterLevel === 55);
    await station.heartbeat({ waterLevel: 'full' });
    await station.heartbeat({ waterLevel: 140 });
    await station.heartbeat({ quality: { tdsPpm: -5, temperatureC: 20 }, waterLevel: 12 });
    await station.heartbeat({ counters: undefined, waterLevel: 13 });
    await sleep(800);
    expect((await machineOverHttp(p.machine.id)).waterLevel).toBe(55);
    await station.heartbeat({ waterLevel: 56 });
    await waitFor(() => machineOverHttp(p.machine.id), (m) => m.waterLevel === 56);
    // Its history keeps the good readings only: the rule's WHERE never wrote the wrong shapes, and the function
    // removed the out-of-range ones the rule did write.
    const { telemetry } = await workerServices();
    const history = await telemetry.readings(p.machine.id, { from: '2000-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z' }, { limit: 100 });
    expect(history.items.map((r) => r.waterLevel)).toEqual([55, 56]);
  });

  it("keeps an admin's maintenance or locked status through heartbeats and presence", async () => {
    const p = await provision('Maintenance station');
    const { machines } = await workerServices();
    await machines.update(p.machine.id, { status: 'maintenance' });
    const station = await stationFor(p);
    await station.connect();
    await station.heartbeat({ waterLevel: 30 });
    const seen = await waitFor(() => machineOverHttp(p.machine.id), (m) => m.waterLevel === 30);
    expect(seen.value.status).toBe('maintenance');
    station.drop();
    await sleep(800);
    expect((await machineOverHttp(p.machine.id)).status).toBe('maintenance');
    await machines.update(p.machine.id, { status: 'locked' });
    await station.connect();
    await station.heartbeat({ waterLevel: 31 });
    await waitFor(() => machineOverHttp(p.machine.id), (m) => m.waterLevel === 31);
    expect((await machineOverHttp(p.machine.id)).status).toBe('locked');
  });

  it('never lets an older or duplicate presence event flip the station (the rule handler, against DynamoDB)', async () => {
    const p = await provision('Presence ordering station');
    const { handler: presence } = await import('@functions/iot/presence');
    const handler = (event: unknown) => presence(event, lambdaContext('presence'));
    const id = p.machine.id;
    const t0 = Date.now();
    const event = (eventType: 'connected' | 'disconnected', ms: number, extra: Record<string, unknown> = {}) =>
      ({ clientId: id, eventType, timestamp: t0 + ms, sessionIdentifier: 's', principalIdentifier: 'p', versionNumber: 1, ...extra });
    expect(await handler(event('connected', 2000))).toBe('applied');
    expect(await handler(event('disconnected', 1000))).toBe('ignored'); // delivered late: older than the connect
    expect(await handler(event('connected', 2000))).toBe('ignored'); // duplicate
    expect((await machineOverHttp(id)).status).toBe('online');
    expect(await handler(event('disconnected', 3000, { disconnectReason: 'DUPLICATE_CLIENTID' }))).toBe('ignored'); // replaced by a newer session
    expect((await machineOverHttp(id)).status).toBe('online');
    expect(await handler(event('disconnected', 4000, { disconnectReason: 'CONNECTION_LOST' }))).toBe('applied');
    expect(await handler(event('connected', 3500))).toBe('ignored');
    expect((await machineOverHttp(id)).status).toBe('offline');
    // Concurrent deliveries in any order end with the newest event's status.
    const burst = [event('connected', 5000), event('disconnected', 6000), event('connected', 7000), event('disconnected', 8000), event('connected', 9000)];
    await Promise.all([...burst].reverse().map((e) => handler(e)));
    expect((await machineOverHttp(id)).status).toBe('online');
    expect((await (await workerServices()).machines.get(id))!.presenceAt).toBe(new Date(t0 + 9000).toISOString());
  });

  it('orders heartbeats by when the broker received them: an older one handled late changes nothing (the stream function, against DynamoDB)', async () => {
    const p = await provision('Heartbeat ordering station', 'offline');
    const { handler: heartbeat } = await import('@functions/iot/heartbeat');
    let sequence = 1000;
    // What the table's stream hands the function for readings the heartbeat rule wrote.
    const reading = (ms: number, uptimeSeconds: number, stationId = id) => {
      const item = ingestedItem({ waterLevel: uptimeSeconds, quality: { tdsPpm: 40, temperatureC: 27 }, firmwareVersion: 'sim-1.4.2', counters: { dispensedMl: 0, vends: 0, failures: 0, uptimeSeconds } }, stationId, t0 + ms)!;
      return { eventName: 'INSERT', dynamodb: { Keys: marshall({ PK: item.PK, SK: item.SK }), NewImage: marshall(item), SequenceNumber: String(sequence++) } };
    };
    const handler = async (...records: ReturnType<typeof reading>[]) => (await heartbeat({ Records: records }, lambdaContext('heartbeat'))).outcomes;
    const { machines } = await workerServices();
    const id = p.machine.id;
    const t0 = Date.now() - 60_000;

    expect(await handler(reading(2000, 25))).toEqual({ applied: 1 });
    const stored = await machines.get(id);
    expect(stored).toMatchObject({ status: 'online', waterLevel: 25, counters: { uptimeSeconds: 25 }, heartbeatReceivedAt: new Date(t0 + 2000).toISOString() });
    expect(await handler(reading(1000, 24))).toEqual({ ignored: 1 }); // a retry of an older heartbeat
    expect(await handler(reading(2000, 25))).toEqual({ ignored: 1 }); // the same heartbeat again
    expect(await machines.get(id)).toEqual(stored);
    expect(await handler(reading(3000, 26))).toEqual({ applied: 1 });
    expect((await machineOverHttp(id)).waterLevel).toBe(26);

    // One batch, newest not last: only the newest is folded.
    expect(await handler(reading(4000, 34), reading(8000, 38), reading(6000, 36))).toEqual({ applied: 1 });
    expect((await machines.get(id))!.counters!.uptimeSeconds).toBe(38);
    // Concurrent batches, newest first: the conditional write keeps the newest whatever lands last.
    const outcomes = await Promise.all([12_000, 11_000, 10_000, 9000].map((ms) => handler(reading(ms, ms / 1000 + 30))));
    expect(outcomes[0]).toEqual({ applied: 1 });
    expect((await machines.get(id))!.counters!.uptimeSeconds).toBe(42);

    expect(await handler(reading(13_000, 1, 'NONE-000404'))).toEqual({ dropped: 1 }); // a well-formed id of no station
    // Other writes to the table are not readings: nothing to fold.
    expect(await handler({ ...reading(14_000, 1), eventName: 'MODIFY' })).toEqual({});
  });

  it('keeps the reason of a keep-alive timeout, and of a session replaced by another with the same client id (which leaves the station online)', async () => {
    const p = await provision('Connectivity test station', 'offline');
    const id = p.machine.id;
    const events = async () => {
      const { status, body } = await asAdmin(`/api/admin/machines/${id}/events`);
      expect(status).toBe(200);
      return z.array(StationEvent).parse(body);
    };

    // A station that connects with a 1 s keep-alive and then says nothing (a modem that hangs): the broker gives up
    // after one and a half keep-alive periods, as IoT Core does, and says why.
    const silent = await rawConnect(p, { keepaliveSeconds: 1 });
    await waitFor(() => machineOverHttp(id), (m) => m.connection?.state === 'connected');
    const timedOut = await waitFor(() => machineOverHttp(id), (m) => m.connection?.state === 'disconnected', 8000);
    expect(timedOut.value).toMatchObject({ status: 'offline', connection: { reason: 'MQTT_KEEP_ALIVE_TIMEOUT' } });
    silent.destroy();

    // Two connections with one client id: the second replaces the first. The station stays connected and online;
    // the replaced session is in its history with IoT Core's reason.
    const first = await stationFor(p);
    await first.connect();
    await waitFor(() => machineOverHttp(id), (m) => m.status === 'online');
    const second = await stationFor(p);
    await second.connect();
    const history = await waitFor(events, (list) => list.some((e) => e.reason === 'DUPLICATE_CLIENTID'));
    expect(history.value.map((e) => [e.kind, e.reason]).slice(0, 4)).toContainEqual(['disconnected', 'DUPLICATE_CLIENTID']);
    expect(history.value.map((e) => e.reason)).toContain('MQTT_KEEP_ALIVE_TIMEOUT');
    await sleep(300);
    expect(await machineOverHttp(id)).toMatchObject({ status: 'online', connection: { state: 'connected', reason: null } });
  });
});

/**
 * A bare MQTT 3.1.1 connection over mutual TLS with the station's certificate that sends CONNECT and then nothing,
 * not even PINGREQ (an MQTT library would keep the session alive).
 */
async function rawConnect(p: Provisioned, options: { keepaliveSeconds: number }): Promise<TLSSocket> {
  const url = new URL(p.bundle.endpoint);
  const socket = tlsConnect({ host: url.hostname, port: Number(url.port), servername: 'localhost', key: p.bundle.privateKeyPem, cert: p.bundle.certificatePem, ca: p.bundle.rootCaPem });
  await once(socket, 'secureConnect');
  const clientId = Buffer.from(p.machine.id);
  const variable = Buffer.from([0, 4, ...Buffer.from('MQTT'), 4, 0b0000_0010, options.keepaliveSeconds >> 8, options.keepaliveSeconds & 0xff]);
  const payload = Buffer.concat([Buffer.from([clientId.length >> 8, clientId.length & 0xff]), clientId]);
  const remaining = variable.length + payload.length;
  socket.write(Buffer.concat([Buffer.from([0x10, remaining]), variable, payload]));
  const [connack] = (await once(socket, 'data')) as [Buffer];
  expect([...connack.subarray(0, 4)]).toEqual([0x20, 2, 0, 0]);
  return socket;
}
