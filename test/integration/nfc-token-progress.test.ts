import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimStation } from '@infra/local/simulator';
import { repositories } from '../support/admin';
import { bearer, newAccount } from '../support/auth';
import { apiFetch } from '../support/local';
import { closeStations, fundedAccount, reportingStation, waitFor, workerServices } from './stations-support';

/**
 * GET /api/nfc/tokens/{id}: the wallet user follows the code on their screen while a real station (MQTT over mutual
 * TLS, the local broker and the IoT rule handlers) presents it and dispenses.
 */
let station: SimStation;
let holder: { sub: string; token: string };
let stranger: { sub: string; token: string };

const issue = async () => {
  const { status, body } = await apiFetch('/api/nfc/generate-token', { method: 'POST', headers: bearer(holder.token) });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { token: string; expiresAt: string; tokenId: string };
};
const follow = (tokenId: string, as = holder.token, language = 'en') =>
  apiFetch(`/api/nfc/tokens/${encodeURIComponent(tokenId)}`, { headers: { ...bearer(as), 'accept-language': language } });
const presented = async (token: string) => {
  const answer = await station.requestVend(token);
  if (answer.kind !== 'authorized') throw new Error(`not authorized: ${JSON.stringify(answer.message)}`);
  return answer.message.sessionId;
};
const balance = async () => (await repositories().users.get(holder.sub))!.balance;

let stopStation: () => void;

beforeAll(async () => {
  await workerServices();
  ({ station, stop: stopStation } = await reportingStation('Follow test station'));
  [holder, stranger] = await Promise.all([fundedAccount('nfcfollower', 5_000), newAccount('nfcstranger')]);
});
afterAll(async () => {
  stopStation?.();
  await closeStations();
});

describe('following an NFC token', () => {
  it('is waiting, then dispensing at the station, then charged for what the station dispensed', async () => {
    const { token, tokenId } = await issue();
    // The id is the token's own jti, the key of its one-time use.
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti).toBe(tokenId);
    const waiting = await follow(tokenId);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toEqual({ tokenId, status: 'waiting', stationName: null, chargedIdr: 0, dispensedMl: 0, settledLate: false, reason: null });

    const sessionId = await presented(token);
    expect((await follow(tokenId)).body).toMatchObject({ status: 'dispensing', stationName: 'Follow test station', chargedIdr: 0 });
    await station.started(sessionId);
    expect((await follow(tokenId)).body).toMatchObject({ status: 'dispensing' });

    await station.complete(sessionId, 420);
    const charged = await waitFor(() => follow(tokenId), (r) => r.body.status !== 'dispensing');
    expect(charged.value.body).toEqual({ tokenId, status: 'charged', stationName: 'Follow test station', chargedIdr: 420, dispensedMl: 420, settledLate: false, reason: null });
    expect(await balance()).toBe(5_000 - 420);
  });

  it('is not used when the station fails, and says why in the reader\'s language', async () => {
    // The balance before the token: the token's reservation is released in full with the failed vend.
    const before = await balance();
    const { token, tokenId } = await issue();
    const sessionId = await presented(token);
    await station.fail(sessionId, 'valve did not open');
    const ended = await waitFor(() => follow(tokenId), (r) => r.body.status !== 'dispensing');
    expect(ended.value.body).toMatchObject({ status: 'not_used', stationName: 'Follow test station', chargedIdr: 0, reason: 'The station stopped before any water came out. Nothing was charged.' });
    expect((await follow(tokenId, holder.token, 'id')).body.reason).toBe('Stasiun berhenti sebelum air keluar. Tidak ada yang ditagih.');
    expect(await balance()).toBe(before);
  });

  it('is being checked when the station reports more than the code allowed, says so in the reader\'s language, and charges nothing meanwhile', async () => {
    const before = await balance();
    const { token, tokenId } = await issue();
    const sessionId = await presented(token);
    // Far above any fill a code allows: the vend cannot be settled as reported and waits for the team (an incident).
    await station.complete(sessionId, 250_000);
    const checking = await waitFor(() => follow(tokenId), (r) => r.body.status !== 'dispensing');
    expect(checking.value.body).toMatchObject({
      status: 'checking', stationName: 'Follow test station', chargedIdr: 0,
      reason: 'The station reported an amount we could not confirm. Our team is checking it; you are charged at most what this code allowed.',
    });
    expect((await follow(tokenId, holder.token, 'id')).body.reason).toBe('Stasiun melaporkan jumlah yang tidak dapat kami pastikan. Tim kami sedang memeriksanya; Anda ditagih paling banyak sebesar yang diizinkan kode ini.');
    // The vend's hold stays for the team's decision: nothing charged, nothing released.
    const hold = await repositories().ledger.getHold(sessionId);
    expect(hold?.amount).toBeGreaterThan(0);
    expect(await balance()).toBe(before - hold!.amount);
  });

  it("answers 404 for another person's token once a station presented it, and never its vend", async () => {
    const { token, tokenId } = await issue();
    const sessionId = await presented(token);
    const refused = await follow(tokenId, stranger.token);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'Payment code not found' });
    expect((await follow(tokenId, stranger.token, 'id')).body).toEqual({ message: 'Kode pembayaran tidak ditemukan' });
    await station.complete(sessionId, 100);
    await waitFor(() => follow(tokenId), (r) => r.body.status === 'charged');
    expect((await follow(tokenId, stranger.token)).status).toBe(404);
  });

  it('refuses an id that is not a token id with 400 and a field message in both languages, and a caller without sign-in with 401', async () => {
    const bad = await follow('not a token');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ id: 'Not a token id' });
    expect((await follow('x'.repeat(300), holder.token, 'id')).body.fields).toEqual({ id: 'Bukan ID token' });
    expect((await apiFetch(`/api/nfc/tokens/${crypto.randomUUID()}`)).status).toBe(401);
  });
});
