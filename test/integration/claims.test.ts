import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoClaims } from '@functions/vending/adapters/dynamodb/claims';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { fileClaim } from '@functions/vending/domain/claims';
import { sweepExpiredSessions } from '@functions/vending/domain/vend-sweep';
import type { Transaction } from '@shared/schemas/transaction';
import type { SimStation } from '@infra/local/simulator';
import { asAdmin, repositories } from '../support/admin';
import { bearer, newAccount, signInAs } from '../support/auth';
import { apiFetch, local, testDb } from '../support/local';
import { waitForEmail } from '../support/outbox';
import { closeStations, provision, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';

/**
 * "I didn't get my water" (docs/architecture.md, "Claims") on the local stack: real vends over the broker, claims
 * over HTTP, the admin queue, the ledger and the outbox.
 */
let machine: Provisioned;
let station: SimStation;
let user: { sub: string; token: string; email: string };

const balance = async () => (await repositories().users.get(user.sub))!.balance;
const session = async (id: string) => (await (await workerServices()).vendSessions.get(id))!;
const claim = (sessionId: string, json: unknown, token = user.token) =>
  apiFetch(`/api/vends/${encodeURIComponent(sessionId)}/claim`, { method: 'POST', headers: bearer(token), json });
const historyRow = async (sessionId: string) => {
  const { status, body } = await apiFetch('/api/transactions?limit=50', { headers: bearer(user.token) });
  expect(status).toBe(200);
  return (body.items as Transaction[]).find((t) => t.vendId === sessionId);
};

/** One vend: authorized for a fresh NFC token, then what the station reports. */
async function vend(report: (sessionId: string) => Promise<void>, settled: (s: Awaited<ReturnType<typeof session>>) => boolean): Promise<string> {
  const { body } = await apiFetch('/api/nfc/generate-token', { method: 'POST', headers: bearer(user.token) });
  const answer = await station.requestVend((body as { token: string }).token);
  expect(answer.kind).toBe('authorized');
  if (answer.kind !== 'authorized') throw new Error('not authorized');
  await report(answer.message.sessionId);
  await waitFor(() => session(answer.message.sessionId), settled);
  return answer.message.sessionId;
}
const completed = (ml: number) => (s: Awaited<ReturnType<typeof session>>) => s.status === 'completed' && s.dispensedMl === ml;

beforeAll(async () => {
  await workerServices();
  machine = await provision('Claims test station');
  station = await stationFor(machine);
  await station.connect();
  await station.heartbeat();
  const account = await newAccount('claimer');
  user = { sub: account.sub, token: account.token, email: account.email };
  const { users, ledger } = repositories();
  await users.ensure({ id: user.sub, username: account.email, firstName: 'Claim', lastName: 'Er', email: account.email }, new Date().toISOString());
  await ledger.post(user.sub, 'topup', 10_000, `test-topup:${user.sub}`, { reference: `order-${user.sub}`, actor: 'gateway', paymentMethod: 'qris' });
  await waitFor(() => apiFetch(`/api/machines/${machine.machine.id}`), (r) => r.body.status === 'online');
});
afterAll(closeStations);

describe('claims on vends', () => {
  it("counts every claim waiting in the admin's queue, past the list's page of 50; only an admin reads the count", async () => {
    const count = async () => {
      const { status, body } = await asAdmin('/api/admin/claims/counts');
      expect(status).toBe(200);
      return (body as { pending: number }).pending;
    };
    const { db, tableName } = testDb();
    const claims = new DynamoClaims(db, tableName);
    const owner = `count-${crypto.randomUUID()}`;
    const waiting = Array.from({ length: 51 }, (_, i) => ({
      sessionId: `count-${i}-${crypto.randomUUID()}`, userId: owner, stationId: machine.machine.id, machineName: 'Claims test station', kind: 'not_dispensed' as const,
      note: null, status: 'pending' as const, chargedIdr: 500, dispensedMl: 0, pricePerLitre: 1000, vendAt: new Date().toISOString(), vendClosedAt: null,
      support: null, creditedIdr: 0, createdAt: new Date().toISOString(), resolution: null,
    }));
    const before = await count();
    try {
      for (const claim of waiting) expect(await claims.create(claim)).toBe(true);
      // Other test files may file or decide claims meanwhile: at least these 51 more, and past the list's 50.
      const after = await count();
      expect(after - before).toBeGreaterThanOrEqual(51);
      expect(after).toBeGreaterThan(50);
    } finally {
      // Gone again: the queue other tests read holds no made-up claims.
      await Promise.all(waiting.map((c) => db.send(new DeleteCommand({ TableName: tableName, Key: keys.claim(c.userId, c.sessionId) }))));
    }
    const { status } = await apiFetch('/api/admin/claims/counts', { headers: bearer(user.token) });
    expect(status).toBe(403);
  });


  it('credits at once a claim on a vend the station reported failed before it charged it, once, with an e-mail', async () => {
    // The station reports a failure, then a completion of 400 ml for the same session: charged late.
    const sessionId = await vend(async (id) => {
      await station.fail(id, 'pump fault');
      await waitFor(() => session(id), (s) => s.status === 'failed');
      await station.complete(id, 400);
    }, completed(400));
    const before = await balance();

    const first = await claim(sessionId, { kind: 'not_dispensed', note: 'Nothing came out' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ sessionId, status: 'credited', creditedIdr: 400, chargedIdr: 400, kind: 'not_dispensed', note: 'Nothing came out' });
    expect(first.body.support).toContain('pump fault');
    expect(await balance()).toBe(before + 400);

    const second = await claim(sessionId, { kind: 'dispensed_less' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('This refill has a claim already');
    expect(await balance()).toBe(before + 400);

    const row = await historyRow(sessionId);
    expect(row?.claim).toEqual({ status: 'credited', creditedIdr: 400, reason: null });
    const entries = (await repositories().ledger.entries(user.sub, { limit: 50 })).items.filter((e) => e.idempotencyKey === `claim:${sessionId}`);
    expect(entries.map((e) => [e.type, e.amount, e.actor])).toEqual([['refund', 400, 'system']]);
    const mail = await waitForEmail(local().mail.messages, user.email, { matches: (m) => m.subject.includes('Rp') && (m.text ?? '').includes(machine.machine.name) });
    expect(mail.subject).toContain('back in your wallet');
  });

  it('queues for the admin a "not dispensed" claim on a late but metered vend (expired by the sweep, completed after): the wallet is unchanged', async () => {
    // The station went quiet past the session's expiry (a 4G gap), then delivered its metered completion.
    const sessionId = await vend(async (id) => {
      const open = await session(id);
      const { vendDeps } = await import('@functions/vending/providers/vend');
      await sweepExpiredSessions(vendDeps(), new Date(Date.parse(open.expiresAt) + 1000));
      await waitFor(() => session(id), (s) => s.status === 'expired');
      await station.complete(id, 1000);
    }, completed(1000));
    expect(await session(sessionId)).toMatchObject({ settledLate: true, settledLateAfter: 'expired', charged: 1000 });
    const before = await balance();
    const filed = await claim(sessionId, { kind: 'not_dispensed', note: 'Nothing came out' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(filed.body).toMatchObject({ status: 'pending', creditedIdr: 0, chargedIdr: 1000, support: null });
    expect(await balance()).toBe(before);
    const queue = await asAdmin('/api/admin/claims?limit=100');
    expect((queue.body.items as { sessionId: string }[]).map((c) => c.sessionId)).toContain(sessionId);
  });

  it('queues a claim on a normal vend for the admin, with the telemetry around it; the credit shows in history', async () => {
    const sessionId = await vend((id) => station.complete(id, 350), completed(350));
    const before = await balance();
    const filed = await claim(sessionId, { kind: 'dispensed_less', note: 'Half a bottle' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(filed.body).toMatchObject({ status: 'pending', creditedIdr: 0, chargedIdr: 350, dispensedMl: 350, support: null });
    expect(await balance()).toBe(before);
    expect((await historyRow(sessionId))?.claim).toEqual({ status: 'pending', creditedIdr: 0, reason: null });

    const queue = await asAdmin('/api/admin/claims?limit=100');
    expect(queue.status).toBe(200);
    expect((queue.body.items as { sessionId: string }[]).map((c) => c.sessionId)).toContain(sessionId);

    const detail = await asAdmin(`/api/admin/claims/${sessionId}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.claim.sessionId).toBe(sessionId);
    // The heartbeat sent before the vend is within 30 minutes of it.
    expect(detail.body.readings.length).toBeGreaterThanOrEqual(1);
    expect(detail.body.events.some((e: { kind: string }) => e.kind === 'connected')).toBe(true);

    const tooMuch = await asAdmin(`/api/admin/claims/${sessionId}/resolve`, { method: 'POST', json: { decision: 'credit', amount: 351, reason: 'Meter fault' } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields.amount).toContain('Rp');
    const noAmount = await asAdmin(`/api/admin/claims/${sessionId}/resolve`, { method: 'POST', json: { decision: 'credit', reason: 'Meter fault' } });
    expect(noAmount.status).toBe(400);
    expect(await balance()).toBe(before);

    const resolved = await asAdmin(`/api/admin/claims/${sessionId}/resolve`, { method: 'POST', json: { decision: 'credit', amount: 200, reason: 'The meter log shows a short pour' } });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'credited', creditedIdr: 200, resolution: { decision: 'credit', reason: 'The meter log shows a short pour' } });
    expect(resolved.body.resolution.by).toMatch(/^admin:/);
    expect(await balance()).toBe(before + 200);
    const again = await asAdmin(`/api/admin/claims/${sessionId}/resolve`, { method: 'POST', json: { decision: 'credit', amount: 200, reason: 'again' } });
    expect(again.status).toBe(409);
    expect(await balance()).toBe(before + 200);

    expect((await historyRow(sessionId))?.claim).toEqual({ status: 'credited', creditedIdr: 200, reason: null });
    const { body } = await apiFetch('/api/transactions?limit=5', { headers: bearer(user.token) });
    expect((body.items as Transaction[])[0]).toMatchObject({ type: 'refund', amount: 200, machine: { id: machine.machine.id } });
    const entry = (await repositories().ledger.entries(user.sub, { limit: 50 })).items.find((e) => e.idempotencyKey === `claim:${sessionId}`);
    expect(entry).toMatchObject({ type: 'refund', amount: 200, note: 'Claim: The meter log shows a short pour' });
    expect(entry?.actor).toMatch(/^admin:/);
    const mail = await waitForEmail(local().mail.messages, user.email, { matches: (m) => m.subject.includes('Rp 200') });
    expect(mail.text).toContain('short pour');
    const pending = await asAdmin('/api/admin/claims?limit=100');
    expect((pending.body.items as { sessionId: string }[]).map((c) => c.sessionId)).not.toContain(sessionId);
  });

  it('a declined claim shows its reason in history and is e-mailed in the language it was filed in; nothing moves', async () => {
    const sessionId = await vend((id) => station.complete(id, 500), completed(500));
    const filed = await apiFetch(`/api/vends/${sessionId}/claim`, { method: 'POST', headers: { ...bearer(user.token), 'accept-language': 'id-ID,id;q=0.9' }, json: { kind: 'tasted_wrong' } });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    // The admin deciding sees the language the outcome will be e-mailed in.
    const queue = await asAdmin('/api/admin/claims?limit=100');
    expect((queue.body.items as { sessionId: string; language?: string }[]).find((c) => c.sessionId === sessionId)?.language).toBe('id');
    expect((await asAdmin(`/api/admin/claims/${sessionId}`)).body.claim.language).toBe('id');
    const before = await balance();
    const declined = await asAdmin(`/api/admin/claims/${sessionId}/resolve`, { method: 'POST', json: { decision: 'decline', reason: 'TDS was 40 ppm all day' } });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.status).toBe('declined');
    expect(await balance()).toBe(before);
    expect((await historyRow(sessionId))?.claim).toEqual({ status: 'declined', creditedIdr: 0, reason: 'TDS was 40 ppm all day' });
    const resolvedList = await asAdmin('/api/admin/claims?status=declined&limit=100');
    expect((resolvedList.body.items as { sessionId: string }[]).map((c) => c.sessionId)).toContain(sessionId);
    const mail = await waitForEmail(local().mail.messages, user.email, { matches: (m) => m.subject === 'Klaim isi ulang Anda ditolak' });
    expect(mail.text).toContain('Alasan: TDS was 40 ppm all day');
  });

  it('refuses a claim on a vend that charged nothing, one after 24 hours, and another person\'s vend', async () => {
    const empty = await vend((id) => station.complete(id, 0), completed(0));
    const nothing = await claim(empty, { kind: 'not_dispensed' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('This refill charged nothing, so there is nothing to claim');

    const sessionId = await vend((id) => station.complete(id, 250), completed(250));
    // The same use case on the same table, 24 hours and a minute after the vend was charged.
    const services = await workerServices();
    const later = new Date(Date.parse((await session(sessionId)).closedAt!) + 24 * 3_600_000 + 60_000);
    await expect(fileClaim(user.sub, sessionId, { kind: 'not_dispensed' }, { ...services, clock: { now: () => later } }))
      .rejects.toMatchObject({ status: 409, message: 'Claims are taken within 24 hours of the refill' });
    expect(await services.claims.get(user.sub, sessionId)).toBeNull();

    const other = await newAccount('other-claimer');
    const foreign = await claim(sessionId, { kind: 'not_dispensed' }, other.token);
    expect(foreign.status).toBe(404);
    const unknown = await claim('no-such-session', { kind: 'not_dispensed' });
    expect(unknown.status).toBe(404);
    const badKind = await claim(sessionId, { kind: 'too_cold' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.fields.kind).toBe('Choose what went wrong');
    // Still claimable within the window.
    expect((await claim(sessionId, { kind: 'not_dispensed' })).status).toBe(201);
  });

  it("the seeded user's refill is a vend with its session, so the local app can claim it", async () => {
    const wayan = await signInAs('user');
    const { body } = await apiFetch('/api/transactions?limit=50', { headers: bearer(wayan.token) });
    const refill = (body.items as Transaction[]).find((t) => t.type === 'purchase' && t.machine?.id === 'HRL-00001');
    expect(refill?.vendId).toBeTruthy();
    expect(await session(refill!.vendId!)).toMatchObject({ userId: wayan.sub, status: 'completed', charged: 1_500, dispensedMl: 1_500 });
  });
});
