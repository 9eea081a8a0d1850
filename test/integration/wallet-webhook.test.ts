import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { signatureKey } from '../../functions/adapters/midtrans/protocol';
import { bearer, newAccount } from '../support/auth';
import { apiFetch, local, testDb } from '../support/local';

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

  it('the same settlement delivered three times credits once', async () => {
    const account = await newAccount('thrice');
    const t = await topup(account, 30_017);
    const body = notification(t.id, 30_017, 'settlement', '200');
    for (let i = 0; i < 3; i++) {
      const res = await notify(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
    }
    expect((await status(account, t.id)).status).toBe('settled');
    expect(await balanceOf(account.sub)).toBe(30_017);
    const entries = await ledgerEntries(account.sub);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'topup', amount: 30_017, idempotencyKey: t.id, reference: t.id, actor: 'gateway', paymentMethod: 'qris' });
  });

  it('three concurrent deliveries of the same settlement also credit once', async () => {
    const account = await newAccount('concurrent');
    const t = await topup(account, 20_017);
    const body = notification(t.id, 20_017, 'settlement', '200');
    const answers = await Promise.all([notify(body), notify(body), notify(body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await balanceOf(account.sub)).toBe(20_017);
    expect(await ledgerEntries(account.sub)).toHaveLength(1);
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
