import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { orderIdFor } from '@functions/wallet/domain/payment-orders';
import { bearer, newAccount, signInAs } from '../support/auth';
import { apiFetch, local, testDb } from '../support/local';

const post = (token: string, body: unknown, key?: string) =>
  apiFetch('/api/wallet/topup', { method: 'POST', headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) }, json: body });

async function stored(pk: Record<string, string>) {
  const { db, tableName } = testDb();
  return (await db.send(new GetCommand({ TableName: tableName, Key: pk, ConsistentRead: true }))).Item;
}

async function ledgerCount(sub: string) {
  const { db, tableName } = testDb();
  const { Items } = await db.send(new QueryCommand({
    TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.user(sub).PK, ':p': keys.ledgerPrefix },
  }));
  return (Items ?? []).length;
}

describe('POST /api/wallet/topup', () => {
  it('below the minimum answers 400 with the exact message and stores nothing', async () => {
    const account = await newAccount('minimum');
    const key = crypto.randomUUID();
    const res = await post(account.token, { amount: 9_999, paymentMethod: 'ovo' }, key);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Minimum top up amount is Rp 10,000');
    expect(await stored(keys.topup(orderIdFor('topup', account.sub, key)))).toBeUndefined();
    expect(await ledgerCount(account.sub)).toBe(0);
    // Exactly the minimum is accepted.
    expect((await post(account.token, { amount: 10_000, paymentMethod: 'ovo' }, crypto.randomUUID())).status).toBe(202);
  });

  it('creates a pending top-up: a QR code for QRIS and OVO, a deeplink for GoPay', async () => {
    const account = await newAccount('pending');
    const qris = await post(account.token, { amount: 50_017, paymentMethod: 'qris' }, crypto.randomUUID());
    expect(qris.status).toBe(202);
    expect(qris.body).toMatchObject({ status: 'pending', amount: 50_017, paymentMethod: 'qris', qrString: expect.stringMatching(/^000201/), message: null });
    expect(qris.body.id).toMatch(/^TU-[0-9a-f]{32}$/);
    const gopay = await post(account.token, { amount: 25_017, paymentMethod: 'gopay' }, crypto.randomUUID());
    expect(gopay.body.deeplink).toMatch(/^gojek:\/\//);
    // GoPay's return brings the payer to the app's home on the site, which follows this top-up again.
    const returnUrl = new URL(gopay.body.deeplink.replace('gojek://', 'https://gojek/')).searchParams.get('callback_url');
    expect(returnUrl).toBe(new URL(`/app?topup=${gopay.body.id}`, local().siteUrl).toString());
    const ovo = await post(account.token, { amount: 25_017, paymentMethod: 'ovo' }, crypto.randomUUID());
    expect(ovo.body.qrString).toMatch(/^000201/);
    const item = await stored(keys.topup(qris.body.id));
    expect(item).toMatchObject({ kind: 'topup', userId: account.sub, amount: 50_017, status: 'pending', chargeState: 'charged' });
  });

  it('replaying the Idempotency-Key returns the same top-up; reusing it for another amount is 409', async () => {
    const account = await newAccount('replay');
    const key = crypto.randomUUID();
    const first = await post(account.token, { amount: 20_017, paymentMethod: 'qris' }, key);
    const again = await post(account.token, { amount: 20_017, paymentMethod: 'qris' }, key);
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.createdAt).toBe(first.body.createdAt);
    const other = await post(account.token, { amount: 30_000, paymentMethod: 'qris' }, key);
    expect(other.status).toBe(409);
  });

  it('the same key from two users makes two different top-ups', async () => {
    // One at a time: cognito-local rewrites its store file while an account is created.
    const a = await newAccount('key-a');
    const b = await newAccount('key-b');
    const key = crypto.randomUUID();
    const ta = await post(a.token, { amount: 10_017, paymentMethod: 'qris' }, key);
    const tb = await post(b.token, { amount: 10_017, paymentMethod: 'qris' }, key);
    expect(ta.body.id).not.toBe(tb.body.id);
  });

  it('requires the Idempotency-Key header, a valid method, and a wallet token for card wallets', async () => {
    const account = await newAccount('validation');
    const missing = await post(account.token, { amount: 20_000, paymentMethod: 'qris' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Idempotency-Key/);
    expect((await post(account.token, { amount: 20_000, paymentMethod: 'cash' }, crypto.randomUUID())).status).toBe(400);
    expect((await post(account.token, { amount: 20_000.5, paymentMethod: 'qris' }, crypto.randomUUID())).status).toBe(400);
    const noToken = await post(account.token, { amount: 20_000, paymentMethod: 'google_pay' }, crypto.randomUUID());
    expect(noToken.status).toBe(400);
    expect(noToken.body.message).toMatch(/wallet payment token/);
  });

  it('needs a signed-in user', async () => {
    const res = await apiFetch('/api/wallet/topup', { method: 'POST', headers: { 'idempotency-key': crypto.randomUUID() }, json: { amount: 20_000, paymentMethod: 'qris' } });
    expect(res.status).toBe(401);
  });

  it('card wallet top-ups are captured by the sandbox at once and credited once', async () => {
    const account = await newAccount('cardwallet');
    const key = crypto.randomUUID();
    const res = await post(account.token, { amount: 20_000, paymentMethod: 'google_pay', walletToken: 'sandbox-google-pay-token' }, key);
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('settled');
    await post(account.token, { amount: 20_000, paymentMethod: 'google_pay', walletToken: 'sandbox-google-pay-token' }, key);
    await new Promise((r) => setTimeout(r, 300)); // the sandbox's capture notification arrives too
    expect((await stored(keys.user(account.sub)))!.balance).toBe(20_000);
    expect(await ledgerCount(account.sub)).toBe(1);
    const declined = await post(account.token, { amount: 20_013, paymentMethod: 'apple_pay', walletToken: 'sandbox-apple-pay-token' }, crypto.randomUUID());
    expect(declined.body).toMatchObject({ status: 'failed', message: expect.stringMatching(/declined/) });
  });
});

describe('a card top-up on the gateway\'s hosted page', () => {
  it('answers the page in the payer\'s language, credits nothing until paid there, then once, and sends the payer back to the app', async () => {
    const account = await newAccount('cardtopup');
    const key = crypto.randomUUID();
    const res = await apiFetch('/api/wallet/topup', { method: 'POST', headers: { ...bearer(account.token), 'idempotency-key': key, 'accept-language': 'id' }, json: { amount: 30_000, paymentMethod: 'card' } });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({ status: 'pending', paymentMethod: 'card', qrString: null, deeplink: null });
    const control = local().payments.sandboxControl!;
    expect(res.body.redirectUrl).toBe(`${control}/pay/${res.body.id}`);
    // Opened in a browser that prefers English, the page still speaks the language the top-up was asked in.
    const page = await fetch(res.body.redirectUrl, { headers: { 'accept-language': 'en-US' } });
    expect(await page.text()).toContain('Bayar Rp 30.000 dengan kartu');
    await new Promise((r) => setTimeout(r, 800)); // past the time the sandbox settles other methods in
    expect((await stored(keys.user(account.sub)))?.balance ?? 0).toBe(0);

    const paid = await fetch(res.body.redirectUrl, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(new URL(`/app?topup=${res.body.id}`, local().siteUrl).toString());
    await expect.poll(async () => (await apiFetch(`/api/wallet/topup/${res.body.id}`, { headers: bearer(account.token) })).body.status, { timeout: 10_000 }).toBe('settled');
    const settled = await apiFetch(`/api/wallet/topup/${res.body.id}`, { headers: bearer(account.token) });
    expect(settled.body.redirectUrl).toBeNull();
    expect((await stored(keys.user(account.sub)))!.balance).toBe(30_000);
    expect(await ledgerCount(account.sub)).toBe(1);
  });
});

describe('GET /api/wallet/topup/{id}', () => {
  it('another user cannot read my top-up', async () => {
    const me = await newAccount('owner');
    const other = await signInAs('user');
    const t = await post(me.token, { amount: 10_017, paymentMethod: 'qris' }, crypto.randomUUID());
    const mine = await apiFetch(`/api/wallet/topup/${t.body.id}`, { headers: bearer(me.token) });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: t.body.id, status: 'pending', amount: 10_017 });
    const theirs = await apiFetch(`/api/wallet/topup/${t.body.id}`, { headers: bearer(other.token) });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Top-up not found');
    expect((await apiFetch(`/api/wallet/topup/${t.body.id}`)).status).toBe(401);
    expect((await apiFetch('/api/wallet/topup/TU-doesnotexist', { headers: bearer(me.token) })).status).toBe(404);
  });
});

describe('POST /api/apple-pay/validate-merchant', () => {
  const validate = (token: string, validationURL: string) =>
    apiFetch('/api/apple-pay/validate-merchant', { method: 'POST', headers: bearer(token), json: { validationURL, domainName: 'refill.example' } });

  it('refuses validation URLs that are not on apple.com with 400', async () => {
    const { token } = await signInAs('user');
    for (const url of ['https://evil.example/paymentSession', 'https://apple.com.evil.example/x', 'http://apple-pay-gateway.apple.com/paymentservices/paymentSession']) {
      const res = await validate(token, url);
      expect(res.status, url).toBe(400);
    }
  });

  it('answers the sandbox merchant session locally', async () => {
    const { token } = await signInAs('user');
    const res = await validate(token, 'https://apple-pay-gateway-cert.apple.com/paymentservices/paymentSession');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ domainName: 'refill.example', merchantSessionIdentifier: expect.any(String), sandbox: true });
  });
});
