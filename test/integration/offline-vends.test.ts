import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimStation } from '@infra/local/simulator';
import { signNfcToken } from '@functions/vending/domain/tokens';
import { sweepExpiredSessions } from '@functions/vending/domain/vend-sweep';
import { ALARMED_METRICS } from '@functions/platform/alarmed-metrics';
import { lambdaContext } from '@infra/local/lambda-context';
import { repositories } from '../support/admin';
import { bearer } from '../support/auth';
import { apiFetch } from '../support/local';
import { closeStations, fundedAccount, provision, sleep, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';

/**
 * Issue 34, water through a 4G outage (docs/architecture.md, "Offline vends"): real stations (MQTT over mutual TLS, the
 * local broker, the IoT rule handlers) whose connection is cut serve wallet customers from the token's own allowance,
 * and the back end settles what they deliver when they reconnect.
 */
type Issued = { token: string; tokenId: string; expiresAt: string; reservedIdr: number; allowanceMl: number };
let machines: Provisioned[];
let one: SimStation;
let two: SimStation;

const account = async (sub: string) => (await repositories().users.get(sub))!;
const issue = async (as: { token: string }) => {
  const { status, body } = await apiFetch('/api/nfc/generate-token', { method: 'POST', headers: bearer(as.token) });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Issued;
};
const vendComplete = async (event: Record<string, unknown>) => {
  const { handler } = await import('@functions/iot/vendComplete');
  return handler(event, lambdaContext('vendComplete'));
};
/** What a station stored for its offline vend of `jti`, as the topic rule hands it to the function. */
const stored = (station: SimStation, jti: string) => ({ ...(JSON.parse(station.outbox.get(`offline-${jti}`)!.payload) as Record<string, unknown>), stationId: station.id });
const sweepDeps = async () => {
  await workerServices();
  const { vendDeps } = await import('@functions/vending/providers/vend');
  return vendDeps();
};

beforeAll(async () => {
  await workerServices();
  machines = await Promise.all([provision('Offline station one'), provision('Offline station two')]);
  const stations = await Promise.all(machines.map((m) => stationFor(m)));
  [one, two] = [stations[0]!, stations[1]!];
  await Promise.all([one.connect(), two.connect()]);
  await Promise.all([one.heartbeat(), two.heartbeat()]);
});
afterAll(closeStations);

describe('a token a station can trust on its own', () => {
  it('reserves the allowance in the book and signs it into the token; the same live token until used; online, the reservation is the vend\'s hold', async () => {
    const user = await fundedAccount('offlinereserve', 5_000);
    const issued = await issue(user);
    expect(issued.allowanceMl).toBe(1_500);
    expect(issued.reservedIdr).toBeGreaterThanOrEqual(1_500);
    const claims = JSON.parse(Buffer.from(issued.token.split('.')[1]!, 'base64url').toString()) as Record<string, number | string>;
    expect(claims).toMatchObject({ jti: issued.tokenId, sub: user.sub, allowanceMl: 1_500, allowanceIdr: issued.reservedIdr });
    expect(Number(claims.exp) - Number(claims.nbf)).toBe(300);
    expect((await account(user.sub)).balance).toBe(5_000 - issued.reservedIdr);
    expect(await repositories().ledger.getHold(issued.tokenId)).toMatchObject({ status: 'open', amount: issued.reservedIdr });
    // Asked again while it lives unused: the same token's id and reservation, nothing more held.
    expect(await issue(user)).toMatchObject({ tokenId: issued.tokenId, reservedIdr: issued.reservedIdr, expiresAt: issued.expiresAt });
    expect((await account(user.sub)).balance).toBe(5_000 - issued.reservedIdr);

    // Online: the reservation becomes the vend's hold (the session takes its id), cut down to this station's full fill.
    const answer = await one.requestVend(issued.token);
    if (answer.kind !== 'authorized') throw new Error(JSON.stringify(answer.message));
    expect(answer.message).toMatchObject({ sessionId: issued.tokenId, maxMl: 1_500 });
    expect(await repositories().ledger.getHold(issued.tokenId)).toMatchObject({ status: 'open', amount: 1_500 });
    expect((await account(user.sub)).balance).toBe(3_500);
    await one.complete(issued.tokenId, 400);
    await waitFor(() => account(user.sub), (u) => u.balance === 4_600);
    // Used: a new token, with its own reservation.
    const next = await issue(user);
    expect(next.tokenId).not.toBe(issued.tokenId);
  });
});

describe('water through an outage', () => {
  it('Done when: a wallet user pays at a cut station, 750 ml; it reconnects; Rp 750 charged once, the rest released, history says offline', async () => {
    const user = await fundedAccount('offlinepayer', 5_000);
    const issued = await issue(user);
    one.drop();
    expect(await one.vendOffline(issued.token, 750)).toEqual({ outcome: 'stored', jti: issued.tokenId, volumeMl: 750 });
    // A station remembers what it redeemed: the same token again is refused there.
    expect(await one.vendOffline(issued.token, 750)).toEqual({ outcome: 'refused', reason: 'token_already_used' });
    expect(one.outbox.has(`offline-${issued.tokenId}`)).toBe(true);
    expect((await account(user.sub)).balance).toBe(5_000 - issued.reservedIdr);

    // Ten minutes on, the reservation still holds (the settlement window is 30 minutes past the token's expiry).
    await sweepExpiredSessions(await sweepDeps(), new Date(Date.now() + 10 * 60_000));
    expect((await (await workerServices()).vendSessions.reservation(issued.tokenId))?.status).toBe('reserved');

    await one.connect();
    await waitFor(() => account(user.sub), (u) => u.balance === 4_250);
    expect(one.outbox.size).toBe(0);
    // Delivered again (a retry): nothing more.
    expect(await vendComplete({ stationId: one.id, offline: true, token: issued.token, dispensedMl: 750 })).toBe('replayed');
    await sleep(300);
    expect(await account(user.sub)).toMatchObject({ balance: 4_250 });
    expect(await repositories().ledger.getHold(issued.tokenId)).toMatchObject({ status: 'settled', charged: 750 });

    const history = await apiFetch('/api/transactions', { headers: bearer(user.token) });
    expect(history.body.items.map((t: { type: string; amount: number; offline?: boolean; machine: { id: string } | null }) => [t.type, t.amount, t.offline ?? false, t.machine?.id ?? null])).toEqual([
      ['purchase', 750, true, one.id],
      ['topup', 5_000, false, null],
    ]);
  });

  it('Done when: the same token at a second offline station costs at most one allowance more, owed, alarmed; no new token until settled', async () => {
    const user = await fundedAccount('offlinetwice', 2_000);
    const issued = await issue(user);
    one.drop();
    two.drop();
    const [first, second] = [await one.vendOffline(issued.token, 1_500), await two.vendOffline(issued.token, 1_500)];
    expect(first).toMatchObject({ outcome: 'stored' });
    expect(second).toMatchObject({ outcome: 'stored' });
    await one.connect();
    await waitFor(() => repositories().ledger.getHold(issued.tokenId), (h) => h?.status === 'settled');
    // What the first station left in the wallet is spent elsewhere, so the second redemption is owed whatever the
    // allowance (it follows the fleet's highest price, which other files' stations raise).
    const left = (await account(user.sub)).balance;
    if (left > 0) await repositories().ledger.post(user.sub, 'adjustment', -left, `offline-spent-${user.sub}`, { reference: 'e2e', actor: 'admin:e2e', counter: 'goodwill' });
    const afterFirst = await account(user.sub);
    expect(afterFirst.balance).toBe(0);

    // The second station's completion, as the rule hands it over: charged late, what the wallet cannot cover owed.
    const late = stored(two, issued.tokenId);
    expect(await vendComplete(late)).toBe('redeemedTwice');
    expect(Object.values(ALARMED_METRICS).map((m) => m.name)).toContain('vendComplete.redeemedTwice');
    await two.connect();
    await waitFor(async () => two.outbox.size, (size) => size === 0);
    await sleep(300);
    const after = await account(user.sub);
    const charged = afterFirst.balance - after.balance + (after.owed ?? 0);
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(issued.reservedIdr);
    expect(after.balance).toBe(0);
    expect(after.owed).toBe(charged);

    const refused = await apiFetch('/api/nfc/generate-token', { method: 'POST', headers: { ...bearer(user.token), 'accept-language': 'id' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Anda berutang');
    // A top-up pays what is owed first; then tokens again.
    await repositories().ledger.post(user.sub, 'topup', 5_000, `offline-repay-${user.sub}`, { reference: 'order-repay', actor: 'gateway', paymentMethod: 'qris' });
    expect((await account(user.sub)).owed ?? 0).toBe(0);
    await issue(user);
  });

  it('charges nothing beyond the allowance for a proof that cannot be trusted, and records an incident with its payload', async () => {
    const user = await fundedAccount('offlineforger', 5_000);
    const issued = await issue(user);
    const before = await account(user.sub);
    const other = await generateKeyPair('ES256');
    const forged = (await signNfcToken({ jti: issued.tokenId, userId: user.sub, now: new Date(), lifetimeSeconds: 300, allowance: { ml: 9_000, idr: 9_000 } }, { privateKey: other.privateKey, keyId: 'forged' })).token;
    expect(await vendComplete({ stationId: one.id, offline: true, token: forged, dispensedMl: 9_000 })).toBe('incident');
    expect(await vendComplete({ stationId: one.id, offline: true, token: issued.token, dispensedMl: 1_501 })).toBe('incident');
    expect(await vendComplete({ stationId: two.id, offline: true, token: 'not a token', dispensedMl: 500 })).toBe('incident');
    expect(await account(user.sub)).toMatchObject({ balance: before.balance });

    const { vendSessions } = await workerServices();
    expect(await vendSessions.incident(`offline-${one.id}-${issued.tokenId}`)).toMatchObject({
      status: 'open', stationId: one.id, userId: user.sub, reports: 1, holdKept: false, firstReport: { reason: 'dispensedMl 1501 is above the authorized 1500 ml' },
    });
    // A forged proof names no token it could be trusted for: its own incident, with the payload as received.
    const open = (await vendSessions.openIncidents({ limit: 100 })).items.filter((i) => i.stationId === one.id && i.firstReport.reason === 'invalid token: signature verification failed');
    expect(open).toHaveLength(1);
    expect(open[0]!.firstReport.payload).toContain('"dispensedMl":9000');
    // The reservation is untouched: the honest completion still settles against it.
    expect(await vendComplete({ stationId: one.id, offline: true, token: issued.token, dispensedMl: 500 })).toBe('settled');
    expect((await account(user.sub)).balance).toBe(before.balance + issued.reservedIdr - 500);
  });
});
