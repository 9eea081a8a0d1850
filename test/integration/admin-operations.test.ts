import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/schemas/settings';
import { bearer, newAccount, signInAs } from '../support/auth';
import { allPages, asAdmin, repositories } from '../support/admin';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { apiFetch, local } from '../support/local';

const application = (name: string) => ({
  businessName: name, contactName: 'Nyoman Adi', email: 'nyoman@example.com', phone: '+62 813 1111 2222',
  address: 'Jl. Raya Ubud 10, Ubud', businessType: 'cafe', expectedFootfall: '100-300', comments: 'Shaded terrace by the road',
});

describe('host requests administration', () => {
  it('lists newest first, changes only the status from the dropdown, edits all fields, and deletes', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const older = (await apiFetch('/api/host-requests', { method: 'POST', json: application(`Older Cafe ${tag}`) })).body;
    const newer = (await apiFetch('/api/host-requests', { method: 'POST', json: application(`Newer Cafe ${tag}`) })).body;
    const list = await asAdmin('/api/admin/host-requests');
    expect(list.status).toBe(200);
    const ids = list.body.items.map((r: { id: string }) => r.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));

    const status = await asAdmin(`/api/admin/host-requests/${older.id}`, { method: 'PATCH', json: { status: 'contacted' } });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ ...application(`Older Cafe ${tag}`), status: 'contacted', adminNotes: '' });

    const edit = { ...application(`Renamed Cafe ${tag}`), email: 'owner@example.com', businessType: 'hotel', status: 'approved', adminNotes: 'Site visit on Monday' };
    const edited = await asAdmin(`/api/admin/host-requests/${older.id}`, { method: 'PATCH', json: edit });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ ...edit, id: older.id, createdAt: older.createdAt });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(older.updatedAt));

    const bad = await asAdmin(`/api/admin/host-requests/${older.id}`, { method: 'PATCH', json: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.email).toBe('Enter a valid email address');

    expect((await asAdmin(`/api/admin/host-requests/${newer.id}`, { method: 'DELETE' })).status).toBe(204);
    const after = (await allPages<{ id: string }>('/api/admin/host-requests', 50)).map((r) => r.id);
    expect(after).not.toContain(newer.id);
    expect(after).toContain(older.id);
  });

  it('pages with a cursor, newest first, at most 50 a page: long submissions never make one answer too big', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const created: string[] = [];
    for (let i = 0; i < 60; i++) {
      const body = { ...application(`Paged Cafe ${tag} ${i}`), comments: `${i} `.padEnd(2_000, 'long comment ') };
      created.push((await apiFetch('/api/host-requests', { method: 'POST', json: body })).body.id);
    }
    const first = await asAdmin('/api/admin/host-requests?limit=50');
    expect(first.body.items).toHaveLength(50);
    expect(first.text.length).toBeLessThan(300_000);
    expect(first.body.items.slice(0, 60).map((r: { id: string }) => r.id)).toEqual([...created].reverse().slice(0, 50));
    const all = await allPages<{ id: string }>('/api/admin/host-requests', 25);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining(created));
    expect((await asAdmin('/api/admin/host-requests?limit=51')).status).toBe(400);
  });

  it('answers 404 for unknown ids', async () => {
    expect(await asAdmin('/api/admin/host-requests/nope', { method: 'PATCH', json: { status: 'approved' } })).toMatchObject({ status: 404, body: { message: 'Host request not found' } });
    expect(await asAdmin('/api/admin/host-requests/nope', { method: 'DELETE' })).toMatchObject({ status: 404, body: { message: 'Host request not found' } });
  });
});

describe('PATCH /api/admin/machines/{id}/update', () => {
  it('edits name, location and status of a station; 400 without a name; 404 for an unknown id', async () => {
    const id = `TST-${String(Math.floor(Math.random() * 900_000) + 100_000)}`;
    const now = new Date().toISOString();
    await repositories().machines.create({ id, name: 'Before', location: 'Jl. Raya Canggu, Canggu, Bali', status: 'online', createdAt: now, updatedAt: now });
    const { status, body } = await asAdmin(`/api/admin/machines/${id}/update`, {
      method: 'PATCH', json: { name: 'Canggu Corner', location: 'Jl. Raya Canggu 5, Canggu, Badung, Bali', status: 'maintenance' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, name: 'Canggu Corner', location: 'Jl. Raya Canggu 5, Canggu, Badung, Bali', status: 'maintenance', createdAt: now });
    expect((await apiFetch(`/api/machines/${id}`)).body.status).toBe('maintenance');
    const invalid = await asAdmin(`/api/admin/machines/${id}/update`, { method: 'PATCH', json: { name: '', location: 'x', status: 'online' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields.name).toBe('Name is required');
    const missing = await asAdmin('/api/admin/machines/NOPE-999/update', { method: 'PATCH', json: { name: 'a', location: 'b', status: 'online' } });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Machine NOPE-999 not found' } });
  });
});

describe('a station kept off the public lists', () => {
  it('leaves the public list and the edge file, stays in the console and on its own page, and comes back; sets the kind of place', async () => {
    const id = `TST-${String(Math.floor(Math.random() * 900_000) + 100_000)}`;
    const now = new Date().toISOString();
    await repositories().machines.create({ id, name: 'Test Rig', location: 'Jl. Raya Canggu, Canggu, Bali', latitude: '-8.65', longitude: '115.13', status: 'online', createdAt: now, updatedAt: now });
    const ids = (body: { id: string }[]) => body.map((m) => m.id);
    const inEdgeFile = async () => ids((await (await fetch(`${local().web}${STATION_LIST_SNAPSHOT_PATH}`)).json()) as { id: string }[]).includes(id);
    const patch = (fields: Record<string, unknown>) => asAdmin(`/api/admin/machines/${id}/update`, { method: 'PATCH', json: { name: 'Test Rig', location: 'Jl. Raya Canggu, Canggu, Bali', status: 'online', ...fields } });
    expect(ids((await apiFetch('/api/machines')).body)).toContain(id);
    expect(await inEdgeFile()).toBe(true);

    const hidden = await patch({ hidden: true, type: 'beach' });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id, hidden: true, type: 'beach' });
    expect(ids((await apiFetch('/api/machines')).body)).not.toContain(id);
    expect(await inEdgeFile()).toBe(false);
    const console = await asAdmin('/api/admin/machines');
    expect(console.body.find((m: { id: string }) => m.id === id)).toMatchObject({ hidden: true, type: 'beach' });
    expect((await apiFetch(`/api/machines/${id}`)).body).toMatchObject({ id, hidden: true });

    // Absent leaves it as it is; false and null take it away.
    expect((await patch({})).body).toMatchObject({ hidden: true, type: 'beach' });
    const shown = await patch({ hidden: false, type: null });
    expect(shown.body.hidden).toBeUndefined();
    expect(shown.body.type).toBeNull();
    expect(ids((await apiFetch('/api/machines')).body)).toContain(id);
    expect(await inEdgeFile()).toBe(true);

    const invalid = await patch({ hidden: 'yes', type: 'castle' });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.fields)).toEqual(expect.arrayContaining(['hidden', 'type']));
  });
});

describe('the contact visitors see (GET /api/contact)', () => {
  it('answers the WhatsApp number and e-mail address of the settings, null where none is set; refuses a malformed one with field messages', async () => {
    const current = (await asAdmin('/api/admin/settings')).body;
    try {
      expect((await asAdmin('/api/admin/settings', { method: 'PUT', json: { ...current, supportWhatsApp: '', supportEmail: '' } })).status).toBe(200);
      expect((await apiFetch('/api/contact')).body).toEqual({ whatsapp: null, email: null });
      const saved = await asAdmin('/api/admin/settings', { method: 'PUT', json: { ...current, supportWhatsApp: '+62 812 3456 7890', supportEmail: 'help@bali-refill.test' } });
      expect(saved.status).toBe(200);
      expect((await apiFetch('/api/contact')).body).toEqual({ whatsapp: '+62 812 3456 7890', email: 'help@bali-refill.test' });
      const invalid = await asAdmin('/api/admin/settings', { method: 'PUT', json: { ...current, supportWhatsApp: '0812', supportEmail: 'not an address' } });
      expect(invalid.status).toBe(400);
      expect(Object.keys(invalid.body.fields)).toEqual(expect.arrayContaining(['supportWhatsApp', 'supportEmail']));
    } finally {
      await asAdmin('/api/admin/settings', { method: 'PUT', json: current });
    }
  });
});

describe('system settings', () => {
  it('validates, saves with an audit entry of who changed what, and the top-up route enforces a new minimum', async () => {
    const admin = await signInAs('admin');
    // A fresh account, so that the seeded user's wallet is left alone.
    const user = await newAccount('topup');
    const current = (await asAdmin('/api/admin/settings')).body;
    expect(current).toMatchObject({ pricePerLitre: expect.any(Number), minTopup: expect.any(Number) });

    const invalid = await asAdmin('/api/admin/settings', { method: 'PUT', json: { ...current, minTopup: -1, heartbeatIntervalSeconds: 1 } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.fields)).toEqual(expect.arrayContaining(['minTopup', 'heartbeatIntervalSeconds']));

    const topup = (amount: number) => apiFetch('/api/wallet/topup', {
      method: 'POST', json: { amount, paymentMethod: 'gopay' }, headers: { ...bearer(user.token), 'idempotency-key': crypto.randomUUID() },
    });
    try {
      const saved = await asAdmin('/api/admin/settings', { method: 'PUT', json: { ...defaultSettings(), minTopup: 25_000 } });
      expect(saved.status).toBe(200);
      expect(saved.body.minTopup).toBe(25_000);
      expect((await asAdmin('/api/admin/settings')).body.minTopup).toBe(25_000);

      const history = await asAdmin('/api/admin/settings/history?limit=5');
      expect(history.status).toBe(200);
      expect(history.body[0]).toMatchObject({ actor: `admin:${admin.username}`, changes: { minTopup: { to: 25_000 } } });
      expect(Date.parse(history.body[0].at)).toBeGreaterThan(Date.now() - 60_000);

      const below = await topup(20_000);
      expect([400, 422]).toContain(below.status);
      expect(below.body.message).toMatch(/25[.,]000/);
      const atMinimum = await topup(25_000);
      expect(atMinimum.status).toBe(202);
    } finally {
      const restored = await asAdmin('/api/admin/settings', { method: 'PUT', json: defaultSettings() });
      expect(restored.status).toBe(200);
    }
    expect((await topup(20_000)).status).toBe(202);
  });
});

describe('GET /api/geocode', () => {
  it('needs 3 characters', async () => {
    const { status, body } = await asAdmin('/api/geocode?q=Se');
    expect(status).toBe(400);
    expect(body.fields.q).toBe('Type at least 3 characters');
  });

  it('returns at most 5 results, each in Bali, with coordinates', async () => {
    const { status, body } = await asAdmin('/api/geocode?q=beach');
    expect(status).toBe(200);
    expect(body.length).toBe(5);
    for (const result of body) {
      expect(result.displayName).toMatch(/Bali|Badung|Denpasar|Ubud|Canggu|Seminyak|Sanur|Kuta/);
      expect(Number(result.lat)).toBeGreaterThan(-9);
      expect(Number(result.lat)).toBeLessThan(-8);
      expect(Number(result.lon)).toBeGreaterThan(114.4);
      expect(Number(result.lon)).toBeLessThan(115.8);
    }
  });

  it('finds streets as people type them, and keeps places outside Bali out', async () => {
    const street = (await asAdmin(`/api/geocode?q=${encodeURIComponent('jalan kayu ay')}`)).body;
    expect(street[0]).toMatchObject({ displayName: expect.stringMatching(/^Jalan Kayu Aya, Seminyak/), lat: '-8.6838', lon: '115.1598' });
    expect((await asAdmin('/api/geocode?q=Gili%20Trawangan')).body).toEqual([]);
    expect((await asAdmin('/api/geocode?q=zzzzzz')).body).toEqual([]);
  });
});
