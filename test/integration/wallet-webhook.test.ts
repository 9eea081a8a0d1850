import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { signatureKey } from '@functions/wallet/adapters/midtrans/protocol';
import { repositories } from '../support/admin';
import { bearer, newAccount } from '../support/auth';
import { apiFetch, local, testDb } from '../support/local';
import { waitFor } from './stations-support';

/**
 * The payment webhook against the local cloud: top-ups are created through the API, notifications are
 * posted to POST /api/payments/notification signed exactly as Midtrans signs them, with the local sandbox
 * server key. Amounts ending in 17 are never paid by the sandbox, so only the notifications these tests
 * post move those top-ups.
 */

type Account = Awaited<ReturnType<typeof newAccount>>;
let sandboxKey: string;

beforeAll(() => {
  const { payments } = local();
  expect(payments.provider).toBe('sandbox');
  sandboxKey = payments.sandboxServerKey!;
  expect(sandboxKey).toBeTruthy();
});

async function topup(account: Account, amount: number, paymentMethod = 'qris', key: string = crypto.randomUUID()) {
  const res = await apiFetch('/api/wallet/topup', { method: 'POST', headers: { ...bearer(account.token), 'idempotency-key': key }, json: { amount, paymentMethod } });
  expect(res.status, res.text).toBe(202);
  return res.body as { id: string; status: string; amount: number };
}

function notification(orderId: string, amount: number, transactionStatus: string, statusCode: string, serverKey = sandboxKey) {
  const grossAmount = `${amount}.00`;
  return {
    transaction_time: '2025-11-21 20:15:00',
    transaction_status: transactionStatus,
    transaction_id: crypto.randomUUID(),
    status_message: 'midtrans payment notification',
    status_code: statusCode,
    signature_key: signatureKey(orderId, statusCode, grossAmount, serverKey),
    payment_type: 'qris',
    order_id: orderId,
    merchant_id: 'SANDBOX',
    gross_amount: grossAmount,
    fraud_status: 'accept',
    currency: 'IDR',
  };
}

const notify = (body: unknown) => apiFetch('/api/payments/notification', { method: 'POST', json: body });

async function balanceOf(sub: string): Promise<number> {
  const { db, tableName } = testDb();
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.user(sub), ConsistentRead: true }));
  return (Item?.balance as number | undefined) ?? 0;
}

async function ledgerEntries(sub: string) {
  const { db, tableName } = testDb();
  const { Items } = await db.send(new QueryCommand({
    TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.user(sub).PK, ':p': keys.ledgerPrefix },
  }));
  return Items ?? [];
}

const status = async (account: Account, id: string) => (await apiFetch(`/api/wallet/topup/${id}`, { headers: bearer(account.token) })).body as { status: string; message: string | null };

describe('payment notification webhook', () => {
  it('rejects a forged signature with 403 and credits nothing', async () => {
    const account = await newAccount('forged');
    const t = await topup(account, 50_017);
    const forgedKey = await notify(notification(t.id, 50_017, 'settlement', '200', 'SB-Mid-server-guessed-key'));
    expect(forgedKey.status).toBe(403);
    expect(forgedKey.body.message).toBe('Invalid signature');
    // A real signature for a smaller amount, with the amount raised afterwards.
    const tampered = { ...notification(t.id, 10_000, 'settlement', '200'), gross_amount: '50017.00' };
    expect((await notify(tampered)).status).toBe(403);
    const unsigned = { ...notification(t.id, 50_017, 'settlement', '200'), signature_key: undefined };
    expect((await notify(unsigned)).status).toBe(403);
    expect((await status(account, t.id)).status).toBe('pending');
    expect(await balanceOf(account.sub)).toBe(0);
    expect(await ledgerEntries(account.sub)).toHaveLength(0);
  });

  it('a replayed signed pending notification rewritten to settlement credits nothing', async () => {
    const account = await newAccount('replayed');
    const t = await topup(account, 40_017);
    const signedPending = notification(t.id, 40_017, 'pending', '201');
    expect((await notify(signedPending)).status).toBe(200);
    // The signature covers the status_code (201), not the status: rewritten, it no longer matches and is refused.
    for (const forged of [{ ...signedPending, transaction_status: 'settlement' }, { ...signedPending, transaction_status: 'capture', fraud_status: 'accept' }]) {
      const res = await notify(forged);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Invalid signature');
    }
    // Even a correctly signed settlement moves nothing while the gateway's own status says the order is unpaid.
    expect(await notify(notification(t.id, 40_017, 'settlement', '200'))).toMatchObject({ status: 200, body: { ok: true } });
    expect((await status(account, t.id)).status).toBe('pending');
    expect(await balanceOf(account.sub)).toBe(0);
    expect(await ledgerEntries(account.sub)).toHaveLength(0);
  });

  it('the same settlement delivered again, three times in a row and three at once, credits once', async () => {
    const account = await newAccount('thrice');
    const t = await topup(account, 30_000);
    await waitFor(() => status(account, t.id), (s) => s.status === 'settled');
    const body = notification(t.id, 30_000, 'settlement', '200');
    for (let i = 0; i < 3; i++) expect(await notify(body)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await Promise.all([notify(body), notify(body), notify(body)])).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await balanceOf(account.sub)).toBe(30_000);
    const entries = await ledgerEntries(account.sub);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'topup', amount: 30_000, idempotencyKey: t.id, reference: t.id, actor: 'gateway', paymentMethod: 'qris' });
  });

  it('takes a gateway refund back once; made-up refund keys and amounts on its signed notification move nothing', async () => {
    const account = await newAccount('refunded');
    const t = await topup(account, 20_021);
    await waitFor(() => status(account, t.id), (s) => s.status === 'refunded');
    expect(await balanceOf(account.sub)).toBe(0);
    const real = { ...notification(t.id, 20_021, 'refund', '200'), refund_amount: '20021.00', refunds: [{ refund_chargeback_id: 1, refund_amount: '20021.00', refund_key: `${t.id}-refund-1` }] };
    const forgeries = [
      { ...real, refunds: [{ refund_chargeback_id: 2, refund_amount: '20021.00', refund_key: 'made-up-1' }] },
      { ...real, refunds: [{ refund_chargeback_id: 3, refund_amount: '1.00', refund_key: 'made-up-2' }] },
      { ...real, refund_amount: '5000.00', refunds: [{ refund_chargeback_id: 1, refund_amount: '5000.00', refund_key: `${t.id}-refund-1` }] },
    ];
    for (const body of [real, ...forgeries, real]) expect((await notify(body)).status).toBe(200);
    // Money in and out again: nothing more, and never below zero.
    const entries = await ledgerEntries(account.sub);
    expect(entries.map((e) => [e.type, e.amount]).sort()).toEqual([['adjustment', -20_021], ['topup', 20_021]]);
    expect(await balanceOf(account.sub)).toBe(0);
  });

  it('a refund of money already spent is owed, and the next top-up pays it first', async () => {
    const account = await newAccount('owing');
    // Card wallets capture at once; the sandbox refunds amounts ending in 21 about 0.6 s later.
    const res = await apiFetch('/api/wallet/topup', { method: 'POST', headers: { ...bearer(account.token), 'idempotency-key': crypto.randomUUID() }, json: { amount: 20_021, paymentMethod: 'google_pay', walletToken: 'sandbox-token' } });
    expect(res.body.status).toBe('settled');
    await repositories().ledger.post(account.sub, 'purchase', -15_000, `spent:${account.sub}`, { reference: 'water', actor: 'station:TST-000001' });
    await waitFor(() => status(account, res.body.id), (s) => s.status === 'refunded');
    const user = async () => (await repositories().users.get(account.sub))!;
    expect(await user()).toMatchObject({ balance: 0, owed: 15_000 });
    const me = await apiFetch('/api/auth/user', { headers: bearer(account.token) });
    expect(me.body).toMatchObject({ balance: 0, owed: 15_000 });
    const next = await topup(account, 50_000);
    await waitFor(() => status(account, next.id), (s) => s.status === 'settled');
    expect(await user()).toMatchObject({ balance: 35_000, owed: 0 });
  });

  it("'expire' after 'pending' credits nothing", async () => {
    const account = await newAccount('expire');
    const t = await topup(account, 40_017);
    expect((await notify(notification(t.id, 40_017, 'pending', '201'))).status).toBe(200);
    expect((await status(account, t.id)).status).toBe('pending');
    expect((await notify(notification(t.id, 40_017, 'expire', '407'))).status).toBe(200);
    const after = await status(account, t.id);
    expect(after.status).toBe('expired');
    expect(after.message).toBe('The payment was not completed in time');
    expect(await balanceOf(account.sub)).toBe(0);
    expect(await ledgerEntries(account.sub)).toHaveLength(0);
  });

  it('deny and cancel fail the top-up without crediting', async () => {
    const account = await newAccount('deny');
    const denied = await topup(account, 15_017);
    const cancelled = await topup(account, 16_017);
    await notify(notification(denied.id, 15_017, 'deny', '202'));
    await notify(notification(cancelled.id, 16_017, 'cancel', '200'));
    expect((await status(account, denied.id)).status).toBe('failed');
    expect((await status(account, cancelled.id)).status).toBe('failed');
    expect(await balanceOf(account.sub)).toBe(0);
  });

  it('a signed notification whose amount differs from the order is refused and credits nothing', async () => {
    const account = await newAccount('amount');
    const t = await topup(account, 12_017);
    const res = await notify(notification(t.id, 99_000, 'settlement', '200'));
    expect(res.status).toBe(400);
    expect(await balanceOf(account.sub)).toBe(0);
  });

  it('acknowledges a correctly signed notification for an order it does not know (the gateway stops retrying)', async () => {
    const res = await notify(notification('TU-00000000000000000000000000000000', 10_000, 'settlement', '200'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('the sandbox gateway end to end', () => {
  async function until(account: Account, id: string, done: (s: string) => boolean, ms = 5_000) {
    const deadline = Date.now() + ms;
    let last = '';
    while (Date.now() < deadline) {
      last = (await status(account, id)).status;
      if (done(last)) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    return last;
  }

  it('settles a QRIS top-up within a second through its own signed notifications, crediting once', async () => {
    const account = await newAccount('sandbox');
    const started = Date.now();
    const t = await topup(account, 50_000, 'qris');
    expect(t.status).toBe('pending');
    expect(await until(account, t.id, (s) => s !== 'pending')).toBe('settled');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await balanceOf(account.sub)).toBe(50_000);
    expect(await ledgerEntries(account.sub)).toHaveLength(1);
  });

  it('declines amounts ending in 13 and credits nothing', async () => {
    const account = await newAccount('declined');
    const t = await topup(account, 10_013, 'gopay');
    expect(await until(account, t.id, (s) => s !== 'pending')).toBe('failed');
    expect(await balanceOf(account.sub)).toBe(0);
  });
});
