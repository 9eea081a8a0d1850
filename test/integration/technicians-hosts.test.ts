import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostImpactReport, HostStationImpact } from '@shared/schemas/host';
import { StationEvent } from '@shared/schemas/telemetry';
import { SEED_HOST_STATIONS } from '@infra/local/seed';
import { asAdmin, createUser, settlePurchase } from '../support/admin';
import { bearer, seededAccount, signInAs } from '../support/auth';
import { apiFetch } from '../support/local';
import { closeStations, provision, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';

/** Technicians and hosts (docs/architecture.md, "Roles"): what each may do beyond the authorization matrix's yes and no. */
let technician: Record<string, string>;
let host: Record<string, string>;
let p: Provisioned;

beforeAll(async () => {
  await workerServices();
  technician = bearer((await signInAs('technician')).token);
  host = bearer((await signInAs('host')).token);
  p = await provision('Host test station', 'offline');
});
afterAll(closeStations);

describe('technicians', () => {
  // The provisioned station stands at -8.65, 115.21 (stations-support.ts); 0.001 degrees of latitude is about 111 m.
  const atTheStation = { latitude: -8.6505, longitude: 115.21, accuracyMetres: 12 };

  it('check in at a station from near it: a station event with who and when, in the station page events', async () => {
    const before = Date.now();
    const { status, body } = await apiFetch(`/api/admin/machines/${p.machine.id}/check-in`, { method: 'POST', headers: technician, json: atTheStation });
    expect(status, JSON.stringify(body)).toBe(201);
    const event = StationEvent.parse(body);
    expect(event).toMatchObject({ kind: 'checkedIn', reason: null, by: `technician:${seededAccount('technician').username}` });
    expect(Date.parse(event.at)).toBeGreaterThanOrEqual(before - 1000);
    const events = await apiFetch(`/api/admin/machines/${p.machine.id}/events?limit=5`, { headers: technician });
    expect(events.status).toBe(200);
    expect(events.body[0]).toEqual(event);
  });

  it('are refused a check-in from afar (409 saying how far, in the request\'s language) or without a position (400), and nothing is recorded', async () => {
    const path = `/api/admin/machines/${p.machine.id}/check-in`;
    const latest = async () => (await apiFetch(`/api/admin/machines/${p.machine.id}/events?limit=1`, { headers: technician })).body[0];
    const before = await latest();
    const far = await apiFetch(path, { method: 'POST', headers: technician, json: { latitude: -8.66, longitude: 115.21 } });
    expect(far.status).toBe(409);
    expect(far.body.message).toBe('You are about 1112 m from this station: check in within 150 m of it');
    const jauh = await apiFetch(path, { method: 'POST', headers: { ...technician, 'accept-language': 'id' }, json: { latitude: -8.66, longitude: 115.21 } });
    expect(jauh.body.message).toBe('Anda sekitar 1112 m dari stasiun ini: lapor hadir dalam jarak 150 m darinya');
    const nowhere = await apiFetch(path, { method: 'POST', headers: technician, json: {} });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.fields).toMatchObject({ latitude: 'Share your location to check in', longitude: 'Share your location to check in' });
    const offTheMap = await apiFetch(path, { method: 'POST', headers: technician, json: { latitude: 91, longitude: 115.21 } });
    expect(offTheMap.status).toBe(400);
    expect(offTheMap.body.fields.latitude).toBe('latitude is between -90 and 90');
    expect(await latest()).toEqual(before);
  });

  it('answer 404 when checking in at a station that does not exist', async () => {
    const { status } = await apiFetch('/api/admin/machines/NOPE-000001/check-in', { method: 'POST', headers: technician, json: atTheStation });
    expect(status).toBe(404);
  });

  it('record a sanitation visit under their own name', async () => {
    const { status, body } = await apiFetch(`/api/admin/machines/${p.machine.id}/safety`, { method: 'POST', headers: technician, json: { kind: 'sanitation', date: new Date().toISOString().slice(0, 10), note: 'flushed' } });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.by).toBe(`technician:${seededAccount('technician').username}`);
  });

  it('see no users, money or settings, and are told their role in the console', async () => {
    for (const path of ['/api/admin/stats', '/api/admin/users', '/api/admin/transactions', '/api/admin/payouts', '/api/admin/claims', '/api/admin/settings']) {
      const { status, body } = await apiFetch(path, { headers: technician });
      expect(status, path).toBe(403);
      expect(body.message, path).toBe('Administrator access required');
    }
    const check = await apiFetch('/api/admin/auth/check', { headers: technician });
    expect(check.body).toEqual({ username: seededAccount('technician').username, role: 'technician' });
  });
});

describe('hosts', () => {
  const month = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);

  it('are linked to stations by an admin (by the e-mail they sign in with), and unlinked', async () => {
    const path = `/api/admin/machines/${p.machine.id}/host`;
    expect((await asAdmin(path)).body).toEqual({ stationId: p.machine.id, hostEmail: null, businessName: null });
    const bad = await asAdmin(path, { method: 'PUT', json: { hostEmail: 'not an e-mail' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.hostEmail).toBe('Enter the e-mail the host signs in with');
    expect((await asAdmin(path)).body.hostEmail).toBeNull();
    const long = await asAdmin(path, { method: 'PUT', json: { hostEmail: seededAccount('host').username, businessName: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body.fields.businessName).toBe('Business name is too long');
    const linked = await asAdmin(path, { method: 'PUT', json: { hostEmail: seededAccount('host').username.toUpperCase(), businessName: '  Warung Komang ' } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toEqual({ stationId: p.machine.id, hostEmail: seededAccount('host').username, businessName: 'Warung Komang' });
    expect((await apiFetch(path, { method: 'PUT', headers: technician, json: { hostEmail: null } })).status).toBe(403);
    expect((await asAdmin('/api/admin/machines/NOPE-000001/host', { method: 'PUT', json: { hostEmail: null } })).status).toBe(404);
  });

  it("see their stations' litres and bottles saved of the month from the station's counters, and the seeded ones", async () => {
    const station = await stationFor(p);
    await station.connect();
    for (const [i, dispensedMl] of [0, 500, 1000, 1500].entries()) {
      await station.heartbeat({ waterLevel: 80 - i, quality: { tdsPpm: 40, temperatureC: 27 }, counters: { dispensedMl, vends: i, failures: 0 } });
      await waitFor(async () => (await workerServices()).machines.get(p.machine.id), (m) => m?.waterLevel === 80 - i);
    }
    // Two paid refills at the station, settled as a vend settles them.
    const buyer = await createUser('host-report-buyer', { topup: 20_000 });
    for (const charged of [3_000, 4_500]) await settlePurchase(buyer, { id: p.machine.id, name: 'Host test station' }, charged);
    const { status, body } = await apiFetch(`/api/host/stations?month=${month()}`, { headers: host });
    expect(status, JSON.stringify(body)).toBe(200);
    const report = HostImpactReport.parse(body);
    expect(report.month).toBe(month());
    expect(report.businessName).toBe('Warung Komang');
    const mine = report.stations.find((s) => s.id === p.machine.id);
    expect(mine).toMatchObject({ name: 'Host test station', litres: 1.5, bottlesSaved: 3, co2SavedKg: expect.any(Number), refills: 2, revenue: 7_500 });
    expect(report.stations.map((s) => s.id)).toEqual(expect.arrayContaining(SEED_HOST_STATIONS));
    expect(report.totals.litres).toBe(report.stations.reduce((sum, s) => sum + s.litres, 0));
    expect(report.totals.revenue).toBe(report.stations.reduce((sum, s) => sum + s.revenue, 0));
    // The share is the settings' percent of the month's revenue, to the rupiah.
    const { hostRevenueSharePercent } = (await asAdmin('/api/admin/settings')).body;
    expect(report.revenueShare).toEqual({ percent: hostRevenueSharePercent, amount: Math.round((report.totals.revenue * hostRevenueSharePercent) / 100) });

    const one = await apiFetch(`/api/host/stations/${p.machine.id}?month=${month()}`, { headers: host });
    expect(HostStationImpact.parse(one.body)).toEqual(mine);
    // A month before any reading: nothing dispensed.
    const earlier = await apiFetch(`/api/host/stations/${p.machine.id}?month=2020-01`, { headers: host });
    expect(earlier.body).toMatchObject({ litres: 0, bottlesSaved: 0, refills: 0, revenue: 0 });
  });

  it("get 404 for any other station, and the same for a station once it is unlinked", async () => {
    const other = await apiFetch('/api/host/stations/HRL-00003', { headers: host });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Station not found');
    expect((await apiFetch('/api/host/stations?month=2026-13', { headers: host })).status).toBe(400);
    await asAdmin(`/api/admin/machines/${p.machine.id}/host`, { method: 'PUT', json: { hostEmail: null } });
    expect((await apiFetch(`/api/host/stations/${p.machine.id}`, { headers: host })).status).toBe(404);
    const report = HostImpactReport.parse((await apiFetch('/api/host/stations', { headers: host })).body);
    expect(report.stations.map((s) => s.id)).not.toContain(p.machine.id);
  });

  it('see no stations list of the admin, no telemetry, no users and no money', async () => {
    for (const path of ['/api/admin/stats', '/api/admin/users', `/api/admin/machines/${SEED_HOST_STATIONS[0]}/telemetry?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`, '/api/admin/alerts', '/api/admin/settings']) {
      expect((await apiFetch(path, { headers: host })).status, path).toBe(403);
    }
    expect((await apiFetch('/api/admin/auth/check', { headers: host })).body.role).toBe('host');
  });
});

describe('technicians lock and unlock a station', () => {
  it('lock it saying why (the public sees it locked, as for any safety lock), and clearing the lock unlocks it', async () => {
    const locked = await provision('Lock test station');
    const path = `/api/admin/machines/${locked.machine.id}/safety`;
    const empty = await apiFetch(`${path}/lock`, { method: 'POST', headers: technician, json: { note: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.note).toBe('Say why the station is locked');

    const { status, body } = await apiFetch(`${path}/lock`, { method: 'POST', headers: technician, json: { note: 'Tap leaking' } });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ status: 'locked', waterCheck: { lockedFor: 'manual' } });
    expect((await apiFetch(`/api/machines/${locked.machine.id}`)).body).toMatchObject({ status: 'locked', waterCheck: { lockedFor: 'manual' } });
    const overview = await apiFetch(path, { headers: technician });
    expect(overview.body.lock).toMatchObject({ reason: 'manual', detail: 'Tap leaking' });
    expect(overview.body.records[0]).toMatchObject({ kind: 'locked', note: 'manual: Tap leaking', by: `technician:${seededAccount('technician').username}` });
    expect((await apiFetch(`${path}/lock`, { method: 'POST', headers: technician, json: { note: 'again' } })).status).toBe(409);

    const cleared = await apiFetch(`${path}/clear`, { method: 'POST', headers: technician, json: { note: 'Tap replaced' } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.waterCheck.lockedFor).toBeNull();
    expect(cleared.body.status).not.toBe('locked');
  });
});
