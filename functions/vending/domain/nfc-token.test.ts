import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors';
import { followNfcToken, issueNfcToken } from './nfc-token';
import { authorizeVend } from './vend';
import { completeVend, failVend } from './vend-close';
import { sweepExpiredSessions } from './vend-sweep';
import { memoryVendWorld } from './vend.test-fakes';
import { signNfcToken } from './tokens';

/** NFC tokens: the profile made on first call, the minimum balance; what became of a token. */

const holder = { sub: 'u1', username: 'u1@example.com', email: 'u1@example.com', givenName: 'Ketut', familyName: null };

describe('NFC token issuance', () => {
  it('reserves the offline allowance at the fleet\'s highest price, capped at the balance; one live token per account', async () => {
    const w = await memoryVendWorld();
    const at = w.clock.now().toISOString();
    // A station at Rp 2,000 per litre, as the station list's publication recorded the fleet's highest price.
    await w.fleetPrices.recordHighest(2_000);
    await w.users.ensure({ id: 'u1', username: holder.username, firstName: 'Ketut', lastName: null, email: holder.email }, at);
    w.users.items.get('u1')!.balance = 5_000;
    const first = await issueNfcToken(holder, w);
    expect(first).toMatchObject({ reservedIdr: 3_000, allowanceMl: 1_500 });
    expect(JSON.parse(Buffer.from(first.token.split('.')[1]!, 'base64url').toString())).toMatchObject({ jti: first.tokenId, allowanceMl: 1_500, allowanceIdr: 3_000 });
    expect(w.users.items.get('u1')!.balance).toBe(2_000);
    expect(await w.ledger.getHold(first.tokenId)).toMatchObject({ amount: 3_000, status: 'open' });
    // Asked again while it lives unused: the same token and reservation, nothing more held.
    const again = await issueNfcToken(holder, w);
    expect(again).toMatchObject({ tokenId: first.tokenId, reservedIdr: 3_000, expiresAt: first.expiresAt });
    expect(w.users.items.get('u1')!.balance).toBe(2_000);
    // Expired: a new token, whose reservation is what the balance still covers (the first stays held until voided).
    w.clock.advance(301_000);
    const second = await issueNfcToken(holder, w);
    expect(second.tokenId).not.toBe(first.tokenId);
    expect(second).toMatchObject({ reservedIdr: 2_000, allowanceMl: 1_000 });
    expect(w.users.items.get('u1')!.balance).toBe(0);
    // Voided by the sweep once the settlement window passed, the unused allowance comes back.
    const report = await sweepExpiredSessions(w, new Date(w.clock.now().getTime() + 36 * 60_000));
    expect(report.voided).toBe(2);
    expect(w.users.items.get('u1')!.balance).toBe(5_000);
  });

  it('refuses a new token while the account owes money', async () => {
    const w = await memoryVendWorld();
    await w.users.ensure({ id: 'u1', username: holder.username, firstName: 'Ketut', lastName: null, email: holder.email }, w.clock.now().toISOString());
    Object.assign(w.users.items.get('u1')!, { balance: 5_000, owed: 700 });
    const error = await issueNfcToken(holder, w).then(() => null, (e: unknown) => e as DomainError);
    expect(error?.status).toBe(409);
    expect(error?.messageIn('en')).toContain('Rp 700');
    expect(w.users.items.get('u1')!.balance).toBe(5_000);
  });

  it('creates the user on first call and refuses below the minimum balance with 409', async () => {
    const w = await memoryVendWorld();
    const error = await issueNfcToken(holder, w).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect(w.users.items.get('u1')).toMatchObject({ firstName: 'Ketut', balance: 0 });
    w.users.items.get('u1')!.balance = 2_000;
    const { token, expiresAt, tokenId } = await issueNfcToken(holder, w);
    expect(Date.parse(expiresAt) - w.clock.now().getTime()).toBe(300_000);
    expect(token.split('.')).toHaveLength(3);
    // The id names the token's jti: a station's presentation of the token is recorded under it.
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())).toMatchObject({ jti: tokenId, sub: 'u1' });
  });
});

describe('following a token', () => {
  const station = 'HRL-00001';
  async function world() {
    const w = await memoryVendWorld();
    const at = w.clock.now().toISOString();
    await w.machines.create({ id: station, name: 'Sanur Beach', status: 'online', lastHeartbeat: at, maxFillMl: 1500, createdAt: at, updatedAt: at });
    await w.users.ensure({ id: 'u1', username: holder.username, firstName: 'Ketut', lastName: null, email: holder.email }, at);
    w.users.items.get('u1')!.balance = 5_000;
    const presented = async () => {
      const issued = await issueNfcToken(holder, w);
      const outcome = await authorizeVend({ stationId: station, token: issued.token, requestId: `r-${issued.tokenId}` }, w);
      return { tokenId: issued.tokenId, sessionId: outcome.decision === 'authorized' ? outcome.sessionId : '' };
    };
    const follow = (tokenId: string, language: 'en' | 'id' = 'en', who = 'u1') => followNfcToken(who, tokenId, w, language);
    return { w, presented, follow };
  }

  it('is waiting until a station presents it, dispensing while its session is open, then charged', async () => {
    const { w, presented, follow } = await world();
    const issued = await issueNfcToken(holder, w);
    expect(await follow(issued.tokenId)).toEqual({ tokenId: issued.tokenId, status: 'waiting', stationName: null, chargedIdr: 0, dispensedMl: 0, settledLate: false, reason: null });
    const { tokenId, sessionId } = await presented();
    expect(await follow(tokenId)).toMatchObject({ status: 'dispensing', stationName: 'Sanur Beach', chargedIdr: 0 });
    await completeVend({ stationId: station, sessionId, dispensedMl: 350 }, w);
    expect(await follow(tokenId)).toEqual({ tokenId, status: 'charged', stationName: 'Sanur Beach', chargedIdr: 350, dispensedMl: 350, settledLate: false, reason: null });
  });

  it('is 404 to anyone but its holder once presented', async () => {
    const { presented, follow } = await world();
    const { tokenId } = await presented();
    const error = await follow(tokenId, 'id', 'u2').then(() => null, (e: unknown) => e as DomainError);
    expect(error?.status).toBe(404);
    expect(error?.messageIn('id')).toBe('Kode pembayaran tidak ditemukan');
  });

  it('is not used, and says why in the reader\'s language: the station failed, it never reported, no water came out', async () => {
    const { w, presented, follow } = await world();
    const failed = await presented();
    await failVend({ stationId: station, sessionId: failed.sessionId, reason: 'valve did not open' }, w);
    expect(await follow(failed.tokenId)).toMatchObject({ status: 'not_used', stationName: 'Sanur Beach', chargedIdr: 0, reason: 'The station stopped before any water came out. Nothing was charged.' });
    expect((await follow(failed.tokenId, 'id')).reason).toBe('Stasiun berhenti sebelum air keluar. Tidak ada yang ditagih.');

    const silent = await presented();
    await sweepExpiredSessions(w, new Date(w.clock.now().getTime() + 10 * 60_000));
    expect(await follow(silent.tokenId)).toMatchObject({ status: 'not_used', reason: 'The station did not confirm the refill in time. Nothing was charged.' });
    // The station's report after the sweep is charged late, and the token says so.
    await completeVend({ stationId: station, sessionId: silent.sessionId, dispensedMl: 300 }, w);
    expect(await follow(silent.tokenId)).toMatchObject({ status: 'charged', chargedIdr: 300, dispensedMl: 300, settledLate: true, reason: null });

    const dry = await presented();
    await completeVend({ stationId: station, sessionId: dry.sessionId, dispensedMl: 0 }, w);
    expect(await follow(dry.tokenId)).toMatchObject({ status: 'not_used', reason: 'No water came out. Nothing was charged.' });
  });

  it('is not used when the balance no longer covered a refill at the station (a token without a reservation: used up, no session opens)', async () => {
    const { w, follow } = await world();
    const key = { privateKey: await w.signingKeys.privateKey(), keyId: await w.signingKeys.keyId() };
    const { token } = await signNfcToken({ jti: 'unreserved-1', userId: 'u1', now: w.clock.now(), lifetimeSeconds: 300 }, key);
    w.users.items.get('u1')!.balance = 100;
    await authorizeVend({ stationId: station, token, requestId: 'r-poor' }, w);
    expect(await follow('unreserved-1')).toMatchObject({ status: 'not_used', stationName: null, reason: 'Your balance did not cover the refill. Nothing was charged.' });
  });

  it('pays from its reservation, whatever the balance did since it was issued', async () => {
    const { w, follow } = await world();
    const issued = await issueNfcToken(holder, w);
    expect(w.users.items.get('u1')!.balance).toBe(3_500);
    w.users.items.get('u1')!.balance = 0;
    const outcome = await authorizeVend({ stationId: station, token: issued.token, requestId: 'r-reserved' }, w);
    expect(outcome).toMatchObject({ decision: 'authorized', sessionId: issued.tokenId, holdAmount: 1_500, maxMl: 1_500 });
    await completeVend({ stationId: station, sessionId: issued.tokenId, dispensedMl: 400 }, w);
    expect(await follow(issued.tokenId)).toMatchObject({ status: 'charged', chargedIdr: 400 });
    expect(w.users.items.get('u1')!.balance).toBe(1_100);
  });
});
