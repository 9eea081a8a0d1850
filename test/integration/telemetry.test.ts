import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from '@shared/zod';
import { Page } from '@shared/schemas/transaction';
import { StationEvent, TelemetryReading } from '@shared/schemas/telemetry';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { asAdmin } from '../support/admin';
import { bearer, signInAs } from '../support/auth';
import { apiFetch, testDb } from '../support/local';
import { closeStations, provision, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';

const Readings = Page(TelemetryReading);
const telemetryPath = (id: string, q: Record<string, string | number>) => `/api/admin/machines/${id}/telemetry?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`;

let p: Provisioned;
const started = new Date(Date.now() - 60_000).toISOString();
beforeAll(async () => {
  await workerServices();
  p = await provision('Telemetry test station', 'offline');
});
afterAll(closeStations);

describe('telemetry history (GET /api/admin/machines/{id}/telemetry)', () => {
  it('keeps each heartbeat sent over the broker, by receive time, with a 90-day TTL, and answers a range in order', async () => {
    const id = p.machine.id;
    const station = await stationFor(p);
    await station.connect();
    const levels = [80, 79, 77, 74, 70];
    for (const [i, waterLevel] of levels.entries()) {
      await station.heartbeat({ waterLevel, quality: { tdsPpm: 40 + i, temperatureC: 27 }, signalDbm: -70 - i, counters: { dispensedMl: 500 * i, vends: i, failures: 0 } });
      // Heartbeats are ordered by the broker's receive time: keep them apart.
      await waitFor(async () => (await workerServices()).machines.get(id), (m) => m?.waterLevel === waterLevel);
    }
    const range = { from: started, to: new Date(Date.now() + 60_000).toISOString() };
    const { status, body } = await asAdmin(telemetryPath(id, range));
    expect(status, JSON.stringify(body)).toBe(200);
    const page = Readings.parse(body);
    expect(page.items.map((r) => r.waterLevel)).toEqual(levels);
    expect(page.items.map((r) => r.signalDbm)).toEqual([-70, -71, -72, -73, -74]);
    expect(page.items.map((r) => r.vends)).toEqual([0, 1, 2, 3, 4]);
    expect([...page.items].sort((a, b) => a.at.localeCompare(b.at))).toEqual(page.items);
    expect(page.nextCursor).toBeNull();

    // A page at a time: two, then the rest from the cursor.
    const first = Readings.parse((await asAdmin(telemetryPath(id, { ...range, limit: 2 }))).body);
    expect(first.items.map((r) => r.waterLevel)).toEqual([80, 79]);
    const rest = Readings.parse((await asAdmin(telemetryPath(id, { ...range, limit: 10, cursor: first.nextCursor! }))).body);
    expect(rest.items.map((r) => r.waterLevel)).toEqual([77, 74, 70]);

    // A range that ends before the third reading leaves the later ones out.
    const partial = Readings.parse((await asAdmin(telemetryPath(id, { from: range.from, to: page.items[1]!.at }))).body);
    expect(partial.items.map((r) => r.waterLevel)).toEqual([80, 79]);

    // Buckets: one of a day holds all five, averaged, with the last counters.
    const daily = Readings.parse((await asAdmin(telemetryPath(id, { ...range, step: 86_400 }))).body);
    expect(daily.items).toEqual([expect.objectContaining({ waterLevel: 76, vends: 4, heartbeats: 5 })]);

    // Stored in the station's partition with a TTL 90 days after the receive time.
    const { db, tableName } = testDb();
    const stored = await db.send(new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :r)', ExpressionAttributeValues: { ':pk': keys.machine(id).PK, ':r': 'READING#' } }));
    expect(stored.Items).toHaveLength(5);
    for (const item of stored.Items!) expect(item.ttl).toBe(Math.floor(Date.parse(item.at as string) / 1000) + 90 * 86_400);
  });

  it('lists connects and disconnects with the reason, newest first', async () => {
    const station = await stationFor(p);
    await station.connect();
    station.drop();
    const events = await waitFor(async () => {
      const { body } = await asAdmin(`/api/admin/machines/${p.machine.id}/events?limit=10`);
      return z.array(StationEvent).parse(body);
    }, (list) => list.some((e) => e.reason === 'CONNECTION_LOST'));
    expect(events.value[0]).toMatchObject({ kind: 'disconnected', reason: 'CONNECTION_LOST' });
    expect(events.value.some((e) => e.kind === 'connected')).toBe(true);
    expect([...events.value].sort((a, b) => b.at.localeCompare(a.at))).toEqual(events.value);
  });

  it('refuses a bad range with a message per field, an unknown station with 404, and a non-admin with 403', async () => {
    const id = p.machine.id;
    const now = Date.now();
    const bad = async (q: Record<string, string | number>) => {
      const { status, body } = await asAdmin(telemetryPath(id, q));
      expect(status).toBe(400);
      return (body as { fields: Record<string, string> }).fields;
    };
    expect(await bad({ from: new Date(now).toISOString(), to: new Date(now - 1000).toISOString() })).toMatchObject({ to: 'to must be after from' });
    expect(await bad({ from: new Date(now - 40 * 86_400_000).toISOString(), to: new Date(now).toISOString() })).toMatchObject({ to: 'The range is at most 31 days' });
    expect(await bad({ from: 'yesterday', to: new Date(now).toISOString(), limit: 5000 })).toMatchObject({ from: 'from must be an ISO date-time', limit: 'limit is at most 1000' });
    expect(await bad({ from: new Date(now - 86_400_000).toISOString(), to: new Date(now).toISOString(), step: 30 })).toMatchObject({ step: 'step is at least 60 seconds' });
    expect((await asAdmin(`/api/admin/machines/${id}/events?limit=500`)).status).toBe(400);

    const range = { from: new Date(now - 3_600_000).toISOString(), to: new Date(now).toISOString() };
    expect((await asAdmin(telemetryPath('HRL-99999', range))).status).toBe(404);
    const user = await signInAs('user');
    expect((await apiFetch(telemetryPath(id, range), { headers: bearer(user.token) })).status).toBe(403);
    expect((await apiFetch(`/api/admin/machines/${id}/events`, { headers: bearer(user.token) })).status).toBe(403);
    expect((await apiFetch(telemetryPath(id, range))).status).toBe(401);
  });
});
