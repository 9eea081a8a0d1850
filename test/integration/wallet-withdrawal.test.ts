import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { bearer, newAccount, signInAs } from '../support/auth';
import { apiFetch, local, testDb } from '../support/local';
import { outboxMessages, waitForEmail } from '../support/outbox';
import { withdraw as withdraw$ } from '@functions/wallet/domain/withdrawals';
import { GatewayUnavailable } from '@functions/wallet/ports/payment-gateway';
import { sleep, waitFor, workerServices } from './stations-support';

/**
 * Withdrawals (docs/payments.md, "Withdrawals") against the local cloud: top-ups paid in the sandbox gateway, the
 * balance refunded to them through its refund API, newest first, within each method's window; the rest an admin
 * payout request. The ledger, the history, the orders' refunds and the gateway's own status must agree to the rupiah.
 */

type Account = Awaited<ReturnType<typeof newAccount>>;
let adminToken = '';
beforeAll(async () => {
  adminToken = (await signInAs('admin')).token;
});

const topup = async (account: Account, amount: number, paymentMethod: string, extra: Record<string, unknown> = {}) => {
  const res = await apiFetch('/api/wallet/topup', { method: 'POST', headers: { ...bearer(account.token), 'idempotency-key': crypto.randomUUID() }, json: { amount, paymentMethod, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await waitFor(() => topupStatus(account, res.body.id), (s) => s === 'settled');
  return res.body.id as string;
};
const topupStatus = async (account: Account, id: string) => (await apiFetch(`/api/wallet/topup/${id}`, { headers: bearer(account.token) })).body.status as string;
/** The use case in this process with the stack's table and gateway: a fault can be put in front of the gateway. */
const withdrawalDepsHere = async () => {
  await workerServices();
  return (await import('@functions/wallet/providers/withdrawals')).withdrawalDeps();
};
const plan = (account: Account) => apiFetch('/api/wallet/withdrawal-plan', { headers: bearer(account.token) });
/** Where the person asks the team to send a payout. */
const BCA = { kind: 'bank', bankCode: '014', accountNumber: '1234567890', accountHolder: 'Made Wirawan' };
/** `payoutDestination` null: none sent. */
const withdraw = (account: Account, expectedBalance: number, key: string | null, headers: Record<string, string> = {}, payoutDestination: unknown = BCA) =>
  apiFetch('/api/wallet/withdrawals', {
    method: 'POST', headers: { ...bearer(account.token), ...(key ? { 'idempotency-key': key } : {}), ...headers }, json: { expectedBalance, ...(payoutDestination === null ? {} : { payoutDestination }) },
  });
const resolve = (id: string, json: unknown) => apiFetch(`/api/admin/payouts/${id}/resolve`, { method: 'POST', headers: bearer(adminToken), json });

async function entriesOf(sub: string) {
  const { db, tableName } = testDb();
  const { Items } = await db.send(new QueryCommand({
    TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.user(sub).PK, ':p': keys.ledgerPrefix },
  }));
  return (Items ?? []) as { type: string; amount: number; idempotencyKey: string; reference: string }[];
}
async function stored(key: Record<string, string>) {
  const { db, tableName } = testDb();
  return (await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
}
/** The balance equals the sum of the entries, nothing is owed, and no idempotency key was applied twice. */
async function expectBooksBalanced(sub: string, balance: number) {
  const entries = await entriesOf(sub);
  const user = await stored(keys.user(sub));
  expect(user?.balance).toBe(balance);
  expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(balance);
  expect(user?.owed ?? 0).toBe(0);
  const perKey = entries.map((e) => `${e.type}:${e.idempotencyKey}`);
  expect(new Set(perKey).size).toBe(perKey.length);
  return entries;
}
const history = async (account: Account) =>
  (await apiFetch('/api/transactions?limit=50', { headers: bearer(account.token) })).body.items as { type: string; amount: number; debit: boolean; paymentMethod: string | null; withdrawal?: Record<string, unknown> }[];

describe('withdrawing the balance', () => {
  it('refunds a balance made of two top-ups, newest first; the ledger, history, orders and gateway agree; the same key again refunds once', async () => {
    const account = await newAccount('withdraw');
    const qris = await topup(account, 20_000, 'qris');
    const gopay = await topup(account, 15_000, 'gopay');
    // Rp 5,000 spent (an admin debit stands in for water): 30,000 left of 35,000.
    const user = (await apiFetch(`/api/admin/users/${account.sub}`, { headers: bearer(adminToken) })).body;
    const debit = await apiFetch(`/api/admin/users/${account.sub}`, { method: 'PATCH', headers: bearer(adminToken), json: { username: user.username, adjustment: { amount: -5_000, expectedBalance: 35_000, reason: 'test: water' } } });
    expect(debit.status, JSON.stringify(debit.body)).toBe(200);

    const shown = await plan(account);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ balanceIdr: 30_000, refundIdr: 30_000, payoutIdr: 0, payout: [] });
    expect(shown.body.refunds.map((r: { orderId: string; amountIdr: number; paymentMethod: string }) => [r.orderId, r.paymentMethod, r.amountIdr])).toEqual([[gopay, 'gopay', 15_000], [qris, 'qris', 15_000]]);

    // A balance other than the one shown is refused, and moves nothing.
    expect((await withdraw(account, 29_000, crypto.randomUUID())).status).toBe(409);
    expect((await withdraw(account, 30_000, null)).status).toBe(400);
    await expectBooksBalanced(account.sub, 30_000);

    const key = crypto.randomUUID();
    const done = await withdraw(account, 30_000, key);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body).toMatchObject({ status: 'completed', balanceIdr: 30_000, refundIdr: 30_000, payoutIdr: 0, payoutStatus: 'none' });

    // The gateway's refund notifications arrive (the sandbox announces each refund): they move nothing more.
    await waitFor(() => topupStatus(account, qris), (s) => s === 'refunded');
    await waitFor(() => topupStatus(account, gopay), (s) => s === 'refunded');
    await sleep(1_500);
    const again = await withdraw(account, 30_000, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(done.body);

    const entries = await expectBooksBalanced(account.sub, 0);
    // The whole balance went to the withdrawal's account when it was made; each refund left from there.
    expect(entries.filter((e) => e.idempotencyKey === `withdrawal-reserve:${done.body.id}`).map((e) => e.amount)).toEqual([-30_000]);
    const reserved = await expectBooksBalanced(done.body.id, 0);
    const refundsOf = (orderId: string) => reserved.filter((e) => e.idempotencyKey === `refund:${orderId}:${done.body.id}`);
    expect(refundsOf(gopay).map((e) => e.amount)).toEqual([-15_000]);
    expect(refundsOf(qris).map((e) => e.amount)).toEqual([-15_000]);
    expect(reserved.map((e) => e.amount).sort()).toEqual([-15_000, -15_000, 30_000]);
    expect(entries.filter((e) => e.type === 'adjustment' && e.amount < 0).length).toBe(2);
    expect((await stored(keys.topup(gopay)))).toMatchObject({ refunded: 15_000, refundKeys: [done.body.id] });
    expect((await stored(keys.topup(qris)))).toMatchObject({ refunded: 15_000, refundKeys: [done.body.id] });

    // History: the two top-ups, the debit and the withdrawal, to the rupiah.
    const rows = await history(account);
    expect(rows.filter((r) => r.type === 'topup').map((r) => r.amount).sort()).toEqual([15_000, 20_000]);
    expect(rows.filter((r) => r.type === 'adjustment').map((r) => [r.amount, r.paymentMethod, r.debit]).sort()).toEqual([[30_000, null, true], [5_000, null, true]].sort());
    // The withdrawal's row says where the money went: refunds to GoPay and QRIS, nothing paid out.
    expect(rows.find((r) => r.withdrawal)?.withdrawal).toEqual({
      step: 'withdrawn', refunds: [{ paymentMethod: 'gopay', amountIdr: 15_000 }, { paymentMethod: 'qris', amountIdr: 15_000 }], payoutIdr: 0, payoutTo: null, payoutStatus: 'none', processing: false,
    });

    // One e-mail per refund, sent once.
    const messages = local().mail.messages;
    await waitForEmail(messages, account.email, { matches: (m) => /refunded to your GoPay/.test(m.subject) });
    await waitForEmail(messages, account.email, { matches: (m) => /refunded to your QRIS/.test(m.subject) });
    const mine = (await outboxMessages(messages)).filter((m) => m.to.some((t) => t.address === account.email) && /refunded/.test(m.subject));
    expect(mine.length).toBe(2);
    expect((await plan(account)).body).toMatchObject({ balanceIdr: 0, refunds: [], payout: [] });
  });

  it('a top-up past its window and a card wallet top-up become an admin payout request with their reasons', async () => {
    const account = await newAccount('payout');
    const old = await topup(account, 12_000, 'qris');
    // Paid eight days ago: QRIS refunds end after seven.
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const { db, tableName } = testDb();
    await db.send(new UpdateCommand({ TableName: tableName, Key: keys.topup(old), UpdateExpression: 'SET creditedAt = :at', ExpressionAttributeValues: { ':at': eightDaysAgo } }));
    const card = await topup(account, 10_000, 'google_pay', { walletToken: 'sandbox-google-pay-token' });

    const shown = (await plan(account)).body;
    expect(shown).toMatchObject({ balanceIdr: 22_000, refundIdr: 0, payoutIdr: 22_000, refunds: [] });
    expect(shown.payout).toEqual([
      { amountIdr: 10_000, reason: 'method_not_refundable', orderId: card, paymentMethod: 'google_pay', paidAt: expect.any(String), refundableUntil: null, detail: null },
      { amountIdr: 12_000, reason: 'window_passed', orderId: old, paymentMethod: 'qris', paidAt: eightDaysAgo, refundableUntil: new Date(Date.parse(eightDaysAgo) + 7 * 86_400_000).toISOString(), detail: null },
    ]);

    // Where to send the payout is asked, checked for shape, before anything moves.
    const none = await withdraw(account, 22_000, crypto.randomUUID(), { 'accept-language': 'id' }, null);
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual({ payoutDestination: 'Ke mana kami mengirimnya? Pilih rekening bank atau dompet digital' });
    const badBank = await withdraw(account, 22_000, crypto.randomUUID(), {}, { kind: 'bank', bankCode: '999', accountNumber: '12-34', accountHolder: '' });
    expect(badBank.status).toBe(400);
    expect(badBank.body.fields).toMatchObject({ 'payoutDestination.bankCode': 'Choose a bank', 'payoutDestination.accountNumber': 'An account number is 6 to 20 digits', 'payoutDestination.accountHolder': 'Enter the account holder\'s name' });
    const badPhone = await withdraw(account, 22_000, crypto.randomUUID(), {}, { kind: 'ewallet', provider: 'gopay', phone: '+4412345678' });
    expect(badPhone.body.fields).toMatchObject({ 'payoutDestination.phone': 'Enter an Indonesian mobile number (08... or +628...)' });
    await expectBooksBalanced(account.sub, 22_000);

    const done = await withdraw(account, 22_000, crypto.randomUUID(), {}, { ...BCA, accountNumber: '1234 5678 90' });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body).toMatchObject({ status: 'completed', refundIdr: 0, payoutIdr: 22_000, payoutStatus: 'open', payoutTo: 'BCA •••7890' });
    const entries = await expectBooksBalanced(account.sub, 0);
    expect(entries.filter((e) => e.idempotencyKey === `withdrawal-reserve:${done.body.id}`).map((e) => e.amount)).toEqual([-22_000]);
    // The payout's money waits in the withdrawal's account until an admin pays it or returns it.
    await expectBooksBalanced(done.body.id, 22_000);
    expect((await stored(keys.topup(old)))?.refunded ?? 0).toBe(0);
    await waitForEmail(local().mail.messages, account.email, { matches: (m) => /will be paid out/.test(m.subject) && /7 days/.test(m.text ?? '') });

    // The admin sees it with its reasons, and returns it to the wallet through the ledger (audited).
    const listed = await apiFetch('/api/admin/payouts', { headers: bearer(adminToken) });
    const request = (listed.body as { id: string; amountIdr: number; lines: { reason: string }[]; userId: string }[]).find((p) => p.id === done.body.id);
    expect(request).toMatchObject({ amountIdr: 22_000, userId: account.sub, status: 'open', destination: BCA });
    expect(request!.lines.map((l) => l.reason)).toEqual(['method_not_refundable', 'window_passed']);
    expect((await resolve(done.body.id, { outcome: 'returned', note: '' })).status).toBe(400);
    const resolved = await resolve(done.body.id, { outcome: 'returned', note: 'test: the user stays' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'returned', resolvedBy: expect.stringMatching(/^admin:/), note: 'test: the user stays' });
    const twice = await resolve(done.body.id, { outcome: 'paid', transferReference: 'TRF-again' });
    expect(twice.status).toBe(409);
    const after = await expectBooksBalanced(account.sub, 22_000);
    expect(after.filter((e) => e.idempotencyKey === `payout-returned:${done.body.id}`).map((e) => e.amount)).toEqual([22_000]);
    await expectBooksBalanced(done.body.id, 0);
    expect((await apiFetch('/api/admin/payouts?status=returned', { headers: bearer(adminToken) })).body.some((p: { id: string }) => p.id === done.body.id)).toBe(true);
    // History: the withdrawal went to a payout to BCA, and came back.
    expect((await history(account)).filter((r) => r.withdrawal).map((r) => [r.debit, r.amount, r.withdrawal!.step, r.withdrawal!.payoutTo, r.withdrawal!.payoutStatus]))
      .toEqual([[false, 22_000, 'payout_returned', 'BCA •••7890', 'returned'], [true, 22_000, 'withdrawn', 'BCA •••7890', 'returned']]);
  });

  it('the admin marks a payout paid only with the transfer\'s reference: stored, the memo of the book\'s line, and e-mailed', async () => {
    const account = await newAccount('paidout');
    await topup(account, 10_000, 'google_pay', { walletToken: 'sandbox-google-pay-token' });
    const dana = { kind: 'ewallet', provider: 'dana', phone: '+62 812-3456-7891' };
    const done = await withdraw(account, 10_000, crypto.randomUUID(), {}, dana);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body).toMatchObject({ payoutIdr: 10_000, payoutTo: 'DANA •••7891' });
    const missing = await resolve(done.body.id, { outcome: 'paid', note: 'sent' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ transferReference: 'Enter the transfer reference the bank or e-wallet gave' });
    const paid = await resolve(done.body.id, { outcome: 'paid', transferReference: ' DANA-20261128-0042 ' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', transferReference: 'DANA-20261128-0042', note: null, destination: { ...dana, phone: '+6281234567891' } });
    const [out] = (await expectBooksBalanced(done.body.id, 0)).filter((e) => e.idempotencyKey === `payout-paid:${done.body.id}`) as unknown as { amount: number; note: string }[];
    expect(out).toMatchObject({ amount: -10_000, note: 'Paid out by hand to DANA •••7891, transfer DANA-20261128-0042' });
    const mail = await waitForEmail(local().mail.messages, account.email, { matches: (m) => m.subject.startsWith('Bali Refill: your payout') });
    expect(mail.text).toContain('We sent you Rp 10.000 to DANA •••7891');
    expect(mail.text).toContain('Transfer reference: DANA-20261128-0042.');
    expect((await history(account)).find((r) => r.withdrawal)?.withdrawal).toMatchObject({ step: 'withdrawn', refunds: [], payoutIdr: 10_000, payoutTo: 'DANA •••7891', payoutStatus: 'paid' });
  });

  it('a withdrawal cut off by the gateway keeps its whole balance reserved: nothing of it can be spent, and resuming it weeks later refunds exactly that', async () => {
    const account = await newAccount('cutoff');
    const qris = await topup(account, 20_000, 'qris');
    const gopay = await topup(account, 15_000, 'gopay');
    const key = crypto.randomUUID();
    // The gateway answers the first refund, then 503 (the function is cut off half done).
    const real = await withdrawalDepsHere();
    let refunds = 0;
    const failing = { ...real, paymentGateway: { ...real.paymentGateway, refund: async (request: Parameters<typeof real.paymentGateway.refund>[0]) => {
      if (++refunds > 1) throw new GatewayUnavailable('503 from the gateway');
      return real.paymentGateway.refund(request);
    } } };
    const person = { sub: account.sub, username: account.email, email: account.email, givenName: null, familyName: null };
    await expect(withdraw$({ person, expectedBalance: 35_000, idempotencyKey: key }, failing)).rejects.toMatchObject({ status: 503 });

    // The wallet holds nothing to spend: an admin's debit (standing in for water) is refused, nothing moves.
    expect((await stored(keys.user(account.sub)))?.balance).toBe(0);
    const user = (await apiFetch(`/api/admin/users/${account.sub}`, { headers: bearer(adminToken) })).body;
    const spend = await apiFetch(`/api/admin/users/${account.sub}`, { method: 'PATCH', headers: bearer(adminToken), json: { username: user.username, adjustment: { amount: -5_000, expectedBalance: 0, reason: 'test: water' } } });
    expect(spend.status).toBe(409);

    // Weeks later the same request resumes it: exactly the reserved money is refunded, nobody owes anything.
    const later = await withdraw$({ person, expectedBalance: 35_000, idempotencyKey: key }, { ...real, clock: { now: () => new Date(Date.now() + 20 * 86_400_000) } });
    expect(later).toMatchObject({ status: 'completed', refundIdr: 35_000, payoutIdr: 0 });
    await expectBooksBalanced(account.sub, 0);
    await expectBooksBalanced(later.id, 0);
    expect((await stored(keys.topup(gopay)))).toMatchObject({ refunded: 15_000 });
    expect((await stored(keys.topup(qris)))).toMatchObject({ refunded: 20_000 });
  });

  it('a stale withdrawal is voided when another takes its lock over: its reservation goes back to the wallet once, and it cannot be resumed', async () => {
    const account = await newAccount('stale');
    await topup(account, 20_000, 'qris');
    const first = crypto.randomUUID();
    const real = await withdrawalDepsHere();
    const unreachable = { ...real, paymentGateway: { ...real.paymentGateway, refund: async () => { throw new GatewayUnavailable('timed out'); } } };
    const person = { sub: account.sub, username: account.email, email: account.email, givenName: null, familyName: null };
    await expect(withdraw$({ person, expectedBalance: 20_000, idempotencyKey: first }, unreachable)).rejects.toMatchObject({ status: 503 });
    await topup(account, 10_000, 'gopay');
    // Within 15 minutes the first still holds the lock.
    await expect(withdraw$({ person, expectedBalance: 10_000, idempotencyKey: crypto.randomUUID() }, real)).rejects.toMatchObject({ status: 409, message: 'Another withdrawal is in progress; please wait a moment and reload' });
    // After it, the first is voided (its Rp 20,000 back), so the balance asked for is no longer the balance.
    const later = { ...real, clock: { now: () => new Date(Date.now() + 16 * 60_000) } };
    await expect(withdraw$({ person, expectedBalance: 10_000, idempotencyKey: crypto.randomUUID() }, later)).rejects.toMatchObject({ status: 409 });
    expect((await stored(keys.user(account.sub)))?.balance).toBe(30_000);
    await expect(withdraw$({ person, expectedBalance: 20_000, idempotencyKey: first }, later)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/interrupted and replaced/) });
    const second = await withdraw$({ person, expectedBalance: 30_000, idempotencyKey: crypto.randomUUID() }, later);
    expect(second).toMatchObject({ status: 'completed', refundIdr: 30_000, payoutIdr: 0 });
    await expectBooksBalanced(account.sub, 0);
    await expectBooksBalanced(second.id, 0);
  });

  it('credit from Bali Refill (an admin\'s goodwill) is never refunded to an e-wallet: it goes to the payout request', async () => {
    const account = await newAccount('goodwill');
    const qris = await topup(account, 20_000, 'qris');
    const user = (await apiFetch(`/api/admin/users/${account.sub}`, { headers: bearer(adminToken) })).body;
    const spent = await apiFetch(`/api/admin/users/${account.sub}`, { method: 'PATCH', headers: bearer(adminToken), json: { username: user.username, adjustment: { amount: -15_000, expectedBalance: 20_000, reason: 'test: water' } } });
    expect(spent.status).toBe(200);
    const credit = await apiFetch(`/api/admin/users/${account.sub}`, { method: 'PATCH', headers: bearer(adminToken), json: { username: user.username, adjustment: { amount: 8_000, expectedBalance: 5_000, reason: 'test: goodwill' } } });
    expect(credit.status).toBe(200);
    const shown = (await plan(account)).body;
    expect(shown).toMatchObject({ balanceIdr: 13_000, refundIdr: 5_000, payoutIdr: 8_000 });
    expect(shown.refunds.map((r: { orderId: string; amountIdr: number }) => [r.orderId, r.amountIdr])).toEqual([[qris, 5_000]]);
    expect(shown.payout.map((p: { reason: string; amountIdr: number }) => [p.reason, p.amountIdr])).toEqual([['not_from_topup', 8_000]]);
  });

  it('with nothing in the wallet there is nothing to withdraw', async () => {
    const account = await newAccount('empty');
    expect((await plan(account)).body).toEqual({ balanceIdr: 0, refunds: [], payout: [], refundIdr: 0, payoutIdr: 0 });
    expect((await withdraw(account, 1, crypto.randomUUID())).status).toBe(409);
    expect((await withdraw(account, 1, crypto.randomUUID(), { 'accept-language': 'id' })).body.message).toBe('Tidak ada yang bisa ditarik');
  });

  it('a withdrawal asked in Bahasa Indonesia sends its refund e-mail in Bahasa Indonesia (docs/architecture.md, "E-mail")', async () => {
    const account = await newAccount('tarik');
    await topup(account, 15_000, 'gopay');
    const done = await withdraw(account, 15_000, crypto.randomUUID(), { 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(await stored(keys.withdrawal(done.body.id))).toMatchObject({ language: 'id' });
    const mail = await waitForEmail(local().mail.messages, account.email, { matches: (m) => m.subject.includes('GoPay') });
    expect(mail.subject).toBe('Bali Refill: Rp 15.000 dikembalikan ke GoPay Anda');
    expect(mail.text).toContain('Kami mengembalikan Rp 15.000 dari saldo Bali Refill Anda');
    expect(mail.text).not.toContain('We refunded');
  });
});
