import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors';
import { issueNfcToken } from './nfc-token';
import { authorizeVend } from './vend';
import { completeOfflineVend } from './vend-offline';
import { sweepExpiredSessions } from './vend-sweep';
import { memorySigningKeys, memoryVendWorld } from './vend.test-fakes';
import { signNfcToken } from './tokens';

/** Offline vends (docs/architecture.md, "Offline vends"): settled once against the reservation, or charged late, or an incident. */

const holder = { sub: 'u1', username: 'u1@example.com', email: 'u1@example.com', givenName: 'Ketut', familyName: null };
const [ONE, TWO] = ['HRL-00001', 'HRL-00002'];

async function world(balance = 5_000) {
  const w = await memoryVendWorld();
  const at = w.clock.now().toISOString();
  for (const id of [ONE, TWO]) await w.machines.create({ id, name: `Station ${id}`, status: 'offline', lastHeartbeat: at, maxFillMl: 1500, createdAt: at, updatedAt: at });
  await w.users.ensure({ id: 'u1', username: holder.username, firstName: 'Ketut', lastName: null, email: holder.email }, at);
  w.users.items.get('u1')!.balance = balance;
  const user = () => w.users.items.get('u1')!;
  const complete = (stationId: string, token: unknown, dispensedMl: unknown) => completeOfflineVend({ stationId, offline: true, token, dispensedMl }, w);
  return { w, user, complete };
}

describe('an offline vend', () => {
  it('settles against the reservation once: exactly the water charged, the rest released, the history says offline', async () => {
    const { w, user, complete } = await world();
    const { token, tokenId } = await issueNfcToken(holder, w);
    expect(user().balance).toBe(3_500);
    w.clock.advance(10 * 60_000);
    expect(await complete(ONE, token, 750)).toBe('settled');
    expect(await complete(ONE, token, 750)).toBe('replayed');
    expect(user().balance).toBe(4_250);
    expect(await w.vendSessions.get(tokenId)).toMatchObject({ status: 'completed', offline: true, dispensedMl: 750, charged: 750, stationId: ONE });
    const purchases = (await w.ledger.entries('u1', { limit: 10, visibleOnly: true })).items;
    expect(purchases.map((e) => [e.type, e.amount, e.offline])).toEqual([['purchase', -750, true]]);
    // Used: the sweep has nothing left to void.
    expect((await sweepExpiredSessions(w, new Date(w.clock.now().getTime() + 3_600_000))).voided).toBe(0);
    expect(user().balance).toBe(4_250);
  });

  it('charges the same token at a second station late, at most one allowance, owed beyond the wallet; no new token until paid', async () => {
    const { w, user, complete } = await world(2_000);
    const { token } = await issueNfcToken(holder, w);
    expect(user().balance).toBe(500);
    expect(await complete(ONE, token, 1_500)).toBe('settled');
    expect(user().balance).toBe(500);
    expect(await complete(TWO, token, 1_500)).toBe('redeemedTwice');
    expect(await complete(TWO, token, 1_500)).toBe('replayed');
    expect(user()).toMatchObject({ balance: 0, owed: 1_000 });
    const refused = await issueNfcToken(holder, w).then(() => null, (e: unknown) => e as DomainError);
    expect(refused?.status).toBe(409);
  });

  it('is charged late once its reservation was voided (delivered hours later)', async () => {
    const { w, user, complete } = await world();
    const { token } = await issueNfcToken(holder, w);
    w.clock.advance(3 * 3_600_000);
    expect((await sweepExpiredSessions(w)).voided).toBe(1);
    expect(user().balance).toBe(5_000);
    expect(await complete(ONE, token, 600)).toBe('settledLate');
    expect(user().balance).toBe(4_400);
  });

  it('charges nothing and records an incident for a proof that cannot be trusted', async () => {
    const { w, user, complete } = await world();
    const { token, tokenId } = await issueNfcToken(holder, w);
    const otherKey = await memorySigningKeys();
    const forged = (await signNfcToken({ jti: tokenId, userId: 'u1', now: w.clock.now(), lifetimeSeconds: 300, allowance: { ml: 9_000, idr: 9_000 } }, { privateKey: await otherKey.privateKey(), keyId: 'x' })).token;
    expect(await complete(ONE, forged, 900)).toBe('incident');
    expect(await complete(ONE, token, 1_501)).toBe('incident');
    expect(await complete(ONE, 'garbage', 100)).toBe('incident');
    expect(user().balance).toBe(3_500);
    const incidents = (await w.vendSessions.openIncidents()).items;
    expect(incidents).toHaveLength(3);
    expect(incidents.map((i) => i.firstReport.reason)).toEqual(['invalid token: signature verification failed', 'dispensedMl 1501 is above the authorized 1500 ml', 'invalid token: not a compact JWS']);
    expect(incidents[0]!.firstReport.payload).toContain('"dispensedMl":900');
    // The honest completion still settles against the reservation.
    expect(await complete(ONE, token, 500)).toBe('settled');
    expect(user().balance).toBe(4_500);
  });
});

describe('an online vend on the reservation', () => {
  const online = async (w: Awaited<ReturnType<typeof world>>['w'], id: string, pricePerLitre?: number) => {
    const at = w.clock.now().toISOString();
    await w.machines.create({ id, name: `Station ${id}`, status: 'online', lastHeartbeat: at, maxFillMl: 1500, createdAt: at, updatedAt: at, ...(pricePerLitre ? { pricePerLitre } : {}) });
  };

  it('holds the full fill at a station whose price rose since the token, the reservation grown from the balance', async () => {
    const { w, user } = await world();
    const { token, tokenId, reservedIdr } = await issueNfcToken(holder, w);
    expect(reservedIdr).toBe(1_500);
    await online(w, 'HRL-00009', 2_500);
    const outcome = await authorizeVend({ stationId: 'HRL-00009', token, requestId: 'r1' }, w);
    expect(outcome).toMatchObject({ decision: 'authorized', sessionId: tokenId, holdAmount: 3_750, maxMl: 1500 });
    expect(user().balance).toBe(1_250);
    expect((await w.ledger.getHold(tokenId))?.amount).toBe(3_750);
  });

  it('denies a second station that read the code still reserved while the first opened its vend (one hold, one session)', async () => {
    const { w, user } = await world();
    const { token, tokenId } = await issueNfcToken(holder, w);
    await online(w, 'HRL-00009', 2_500);
    await online(w, 'HRL-00010', 2_500);
    // The second request read the reservation and the balance before the first used them: at the same price it resizes to the same hold.
    const readBefore = { ...(await w.vendSessions.reservation(tokenId))! };
    const holderBefore = { ...user() };
    expect(await authorizeVend({ stationId: 'HRL-00009', token, requestId: 'r1' }, w)).toMatchObject({ decision: 'authorized', sessionId: tokenId });
    const staleRead = {
      ...w,
      vendSessions: Object.assign(Object.create(w.vendSessions) as typeof w.vendSessions, { reservation: async () => readBefore }),
      users: Object.assign(Object.create(w.users) as typeof w.users, { get: async () => holderBefore }),
    };
    expect(await authorizeVend({ stationId: 'HRL-00010', token, requestId: 'r2' }, staleRead)).toMatchObject({ decision: 'denied', reason: 'wrong_station' });
    expect((await w.ledger.getHold(tokenId))?.amount).toBe(3_750);
    expect(user().balance).toBe(1_250);
  });

  it('grows the reservation by what is left of the balance, pouring what the two pay for at the station', async () => {
    const { w, user } = await world(2_000);
    const { token, tokenId } = await issueNfcToken(holder, w);
    expect(user().balance).toBe(500);
    await online(w, 'HRL-00009', 2_500);
    const outcome = await authorizeVend({ stationId: 'HRL-00009', token, requestId: 'r1' }, w);
    expect(outcome).toMatchObject({ decision: 'authorized', sessionId: tokenId, holdAmount: 2_000, maxMl: 800 });
    expect(user().balance).toBe(0);
  });
});

