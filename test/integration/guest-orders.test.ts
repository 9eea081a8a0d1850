import { request as httpRequest } from 'node:http';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { signatureKey } from '@functions/wallet/adapters/midtrans/protocol';
import { settleGuestSession, unusedRefundKey } from '@functions/guests/domain/guest-orders';
import { orderIdFor } from '@functions/wallet/domain/payment-orders';
import { STATION_UNAVAILABLE } from '@functions/wallet/domain/purchase-paid';
import { guestAccountOf, refundInFlightAccount } from '@functions/wallet/ports/payment-orders';
import { DynamoPaymentOrders } from '@functions/wallet/adapters/dynamodb/payment-orders';
import { sweepExpiredSessions } from '@functions/vending/domain/vend-sweep';
import { sandboxControlClient } from '@infra/local/sandbox-control';
import type { SimStation } from '@infra/local/simulator';
import { apiFetch, local, testDb } from '../support/local';
import { waitForEmail } from '../support/outbox';
import {
  closeStations,
  provision,
  sleep,
  stationFor,
  waitFor,
  workerServices,
  type Provisioned,
} from './stations-support';

/**
 * Guest orders (docs/payments.md, "Guest orders") against the local cloud: paid by QRIS in the sandbox, started at a
 * simulated station, settled by its vend/complete, the rest refunded through the gateway's refund API, everything
 * through the guest account's ledger. Notifications are posted signed with the local sandbox key, as Midtrans signs.
 */

let real: Provisioned;
let station: SimStation;
let sandboxKey: string;

beforeAll(async () => {
  await workerServices();
  sandboxKey = local().payments.sandboxServerKey!;
  real = await provision('Guest refill station');
  station = await stationFor(real);
  await station.connect();
  await station.heartbeat();
  station.remoteStart = { volumeMl: 1234, flowMlPerSecond: Infinity };
  await waitFor(() => apiFetch(`/api/machines/${real.machine.id}`), (r) => r.body.status === 'online');
});
afterAll(closeStations);

/** The client address CloudFront tells the API (each test run its own, so that the hourly rate limit is this file's). */
const viewer = (ip: string) => ({ 'cloudfront-viewer-address': `${ip}:443` });
const randomIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const thisClient = viewer(randomIp());
const order = (body: Record<string, unknown>, key: string | null = crypto.randomUUID(), headers: Record<string, string> = thisClient) =>
  apiFetch('/api/guest/orders', { method: 'POST', headers: { ...(key ? { 'idempotency-key': key } : {}), ...headers }, json: body });
const read = (id: string, secret: string, headers: Record<string, string> = {}) =>
  apiFetch(`/api/guest/orders/${encodeURIComponent(id)}?secret=${encodeURIComponent(secret)}`, { headers });
/** What a browser whose page is in Bahasa Indonesia sends (docs/design.md, "Error texts"). */
const indonesian = { 'accept-language': 'id-ID,id;q=0.9,en;q=0.5' };

async function entriesOf(userId: string) {
  const { db, tableName } = testDb();
  const { Items } = await db.send(new QueryCommand({
    TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':p': keys.ledgerPrefix },
  }));
  return (Items ?? []) as { type: string; amount: number; idempotencyKey: string }[];
}
async function accountOf(userId: string) {
  const { db, tableName } = testDb();
  return (await db.send(new GetCommand({ TableName: tableName, Key: keys.user(userId), ConsistentRead: true }))).Item;
}
async function storedOrder(orderId: string) {
  const { db, tableName } = testDb();
  return (await db.send(new GetCommand({ TableName: tableName, Key: keys.guestOrder(orderId), ConsistentRead: true }))).Item;
}

/** The guest account agrees with its entries to the rupiah, and holds nothing once the order is closed. */
async function expectBooksBalanced(orderId: string, expected: { topup: number; purchase: number; refund: number }) {
  const entries = await entriesOf(guestAccountOf(orderId));
  const sum = (type: string) => entries.filter((e) => e.type === type).reduce((s, e) => s + e.amount, 0);
  expect(sum('topup')).toBe(expected.topup);
  expect(sum('purchase') + expected.purchase).toBe(0);
  expect(sum('adjustment') + expected.refund).toBe(0);
  expect(sum('hold') + sum('release')).toBe(0);
  const account = await accountOf(guestAccountOf(orderId));
  expect(account?.balance).toBe(entries.reduce((s, e) => s + e.amount, 0));
  expect(account?.balance).toBe(0);
  expect(account?.owed ?? 0).toBe(0);
  // Every idempotency key was applied once.
  const byKey = new Map<string, number>();
  for (const e of entries.filter((x) => x.type !== 'hold' && x.type !== 'release')) byKey.set(`${e.type}:${e.idempotencyKey}`, (byKey.get(`${e.type}:${e.idempotencyKey}`) ?? 0) + 1);
  expect([...byKey.values()].every((n) => n === 1)).toBe(true);
}

/** The sweep as its schedule runs it, at `at` (the local cloud's own timer runs it too, at the real time). */
async function sweepAt(at: Date) {
  return sweepExpiredSessions({ ...(await workerServices()), log: { info: () => undefined, warn: () => undefined } }, at);
}

/** The sweep expires the order's session (nobody closed it in time); its expiry, when it is in the future, lies ahead of the local sweep's. */
async function expire(orderId: string, at?: Date): Promise<Date> {
  const { vendSessions } = await workerServices();
  const session = await vendSessions.get(`PAID-${orderId}`);
  const expiredAt = at ?? new Date(Date.parse(session!.expiresAt) + 1000);
  await sweepAt(expiredAt);
  expect((await vendSessions.get(`PAID-${orderId}`))?.status).toBe('expired');
  return expiredAt;
}

/** The station may still report an expired session: nothing of the order is refunded and the guest account holds it all. */
async function expectNothingRefundedYet(orderId: string) {
  const services = await workerServices();
  // Settled as the stream settles the expiry's record.
  const outcome = await settleGuestSession(`PAID-${orderId}`, services);
  const stored = await storedOrder(orderId);
  expect(stored?.refunded ?? 0).toBe(0);
  expect(stored).not.toHaveProperty('closedAt');
  expect((await accountOf(guestAccountOf(orderId)))?.balance).toBe(1000);
  expect(outcome).toBe('waiting');
  expect((await services.vendSessions.get(`PAID-${orderId}`))?.fullRefund).toBe('waiting');
}

/** After the grace period of the settings the sweep marks the refund due, and the stream refunds it. */
const afterGrace = async (expiredAt: Date) => new Date(expiredAt.getTime() + (await (await workerServices()).settings.get()).guestRefundGraceHours * 3_600_000 + 1000);

/**
 * The sweep finds the order's session past its time (nobody pressed start): nothing is refunded while the station may
 * still report; once the grace period has passed the order closes refunded in full.
 */
async function expiresUnusedAndIsRefunded(orderId: string, secret: string) {
  const expiredAt = await expire(orderId);
  await expectNothingRefundedYet(orderId);
  await sweepAt(await afterGrace(expiredAt));
  await expectRefundedInFull(orderId, secret);
}

async function expectRefundedInFull(orderId: string, secret: string) {
  const done = await waitFor(() => read(orderId, secret), (r) => r.body.status === 'done', 20_000, 200);
  expect(done.value.body).toMatchObject({ paidIdr: 1000, dispensedMl: 0, chargedIdr: 0, refundedIdr: 1000 });
  await expectBooksBalanced(orderId, { topup: 1000, purchase: 0, refund: 1000 });
}

/**
 * A 1 L order paid by QRIS at a station where nobody presses start (the valve never opens), read until the page says
 * "press start"; the station is put back as it was, whatever `run` does.
 */
async function withAnOrderNobodyStarts(run: (res: Awaited<ReturnType<typeof order>>, started: Record<string, unknown>) => Promise<void>) {
  station.remoteStart = { pressStart: false };
  try {
    const res = await order({ stationId: real.machine.id, volumeMl: 1000, paymentMethod: 'qris' });
    expect(res.status, res.text).toBe(201);
    const started = await waitFor(() => read(res.body.id, res.body.secret), (r) => r.body.status === 'press_start', 20_000, 200);
    await run(res, started.value.body);
  } finally {
    station.remoteStart = { volumeMl: 1234, flowMlPerSecond: Infinity };
  }
}

function notification(orderId: string, amount: number, transactionStatus: string, statusCode: string, extra: Record<string, unknown> = {}, serverKey = sandboxKey) {
  const grossAmount = `${amount}.00`;
  return {
    transaction_time: '2026-11-23 20:15:00', transaction_status: transactionStatus, transaction_id: crypto.randomUUID(),
    status_message: 'midtrans payment notification', status_code: statusCode, signature_key: signatureKey(orderId, statusCode, grossAmount, serverKey),
    payment_type: 'qris', order_id: orderId, merchant_id: 'SANDBOX', gross_amount: grossAmount, fraud_status: 'accept', currency: 'IDR', ...extra,
  };
}
const notify = (body: unknown) => apiFetch('/api/payments/notification', { method: 'POST', json: body });

describe('guest orders', () => {
  // The station keeps reporting, as a real one does every minute.
  beforeEach(() => station.heartbeat());
  let paid: { id: string; secret: string; receiptId: string };
  const email = `guest-${crypto.randomUUID().slice(0, 8)}@example.com`;

  it('1.5 L by QRIS: paid, started, 1,234 ml settled, Rp 266 refunded through the gateway, the receipt e-mailed', async () => {
    const res = await order({ stationId: real.machine.id, volumeMl: 1500, paymentMethod: 'qris', email });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'waiting_payment', volumeMl: 1500, paidIdr: 0, stationId: real.machine.id, stationName: 'Guest refill station' });
    expect(res.body.payment.qrString).toMatch(/^000201/);
    expect(res.body.receiptPath).toBe(`/r/${res.body.receiptId}`);
    paid = res.body;

    const done = await waitFor(() => read(paid.id, paid.secret), (r) => r.body.status === 'done', 20_000, 200);
    expect(done.value.body).toMatchObject({ status: 'done', paidIdr: 1500, dispensedMl: 1234, chargedIdr: 1234, refundedIdr: 266, bottlesSaved: 2, closedAt: expect.any(String) });
    expect(station.remoteStarts).toContainEqual({ outcome: 'completed', sessionId: `PAID-${paid.id}`, volumeMl: 1234 });

    const stored = await storedOrder(paid.id);
    expect(stored).toMatchObject({ kind: 'guest', status: 'refunded', refunded: 266, refundKeys: [unusedRefundKey(paid.id)], dispensedMl: 1234, charged: 1234, receiptMailedAt: expect.any(String) });
    expect(stored?.secretHash).not.toContain(paid.secret);
    await expectBooksBalanced(paid.id, { topup: 1500, purchase: 1234, refund: 266 });

    const mail = await waitForEmail(local().mail.messages, email);
    expect(mail.subject).toContain('1.234 L');
    expect(mail.text).toContain('Charged: Rp 1.234');
    expect(mail.text).toContain('Refunded: Rp 266');
  });

  it("is settled from the table's stream when its session closes, with nobody reading the order: refund, books and receipt", async () => {
    const address = `stream-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await order({ stationId: real.machine.id, volumeMl: 1500, paymentMethod: 'qris', email: address });
    expect(res.status, res.text).toBe(201);
    const sessionId = `PAID-${res.body.id}`;
    // The sandbox's notification opens the session and the station dispenses; only guestSessionClosed settles after that.
    await waitFor(async () => station.remoteStarts.find((r) => 'sessionId' in r && r.sessionId === sessionId) ?? null, (r) => r?.outcome === 'completed', 20_000, 100);
    const closed = await waitFor(() => storedOrder(res.body.id), (o) => Boolean(o?.closedAt && o.receiptMailedAt), 20_000, 100);
    expect(closed.value).toMatchObject({ status: 'refunded', refunded: 266, refundKeys: [unusedRefundKey(res.body.id)], dispensedMl: 1234, charged: 1234 });
    // A second settler closing it again (a reader at the same moment) changes nothing: the receipt keeps its time.
    const { db, tableName } = testDb();
    expect(await new DynamoPaymentOrders(db, tableName).update(res.body.id, { closedAt: new Date(Date.now() + 60_000).toISOString(), dispensedMl: 1234, charged: 1234 })).toBeNull();
    expect((await storedOrder(res.body.id))?.closedAt).toBe(closed.value?.closedAt);
    await expectBooksBalanced(res.body.id, { topup: 1500, purchase: 1234, refund: 266 });
    expect((await waitForEmail(local().mail.messages, address)).text).toContain('Refunded: Rp 266');
  });

  it('is read only with the receipt secret', async () => {
    expect((await read(paid.id, 'x'.repeat(43))).status).toBe(404);
    expect((await read('GO-' + '0'.repeat(32), paid.secret)).status).toBe(404);
    expect((await apiFetch(`/api/guest/orders/${paid.id}`)).status).toBe(400);
  });

  it('duplicate, late and forged notifications move nothing more', async () => {
    const refundKey = unusedRefundKey(paid.id);
    const refundBody = (key: string, amount: number) => notification(paid.id, 1500, 'partial_refund', '200', {
      refund_amount: `${amount}.00`, refunds: [{ refund_chargeback_id: 1, refund_amount: `${amount}.00`, created_at: '2026-11-23 20:16:00', reason: 'x', refund_key: key }],
    });
    // The gateway's own refund notification, twice; a late settlement, twice.
    for (let i = 0; i < 2; i++) {
      expect((await notify(refundBody(refundKey, 266))).status).toBe(200);
      expect((await notify(notification(paid.id, 1500, 'settlement', '200'))).status).toBe(200);
    }
    // Forged: a refund key the gateway never made, a raised amount, a wrong signature, a pending re-signed as settled.
    expect((await notify(refundBody('made-up-refund', 1234))).status).toBe(200);
    expect((await notify(refundBody(refundKey, 1500))).status).toBe(200);
    expect((await notify(notification(paid.id, 1500, 'refund', '200', {}, 'not-the-key'))).status).toBe(403);
    expect((await notify(notification(paid.id, 1500, 'settlement', '201'))).status).toBe(403);
    await sleep(300);
    expect(await storedOrder(paid.id)).toMatchObject({ refunded: 266, refundKeys: [refundKey] });
    await expectBooksBalanced(paid.id, { topup: 1500, purchase: 1234, refund: 266 });
  });

  it('a forged settlement of an order nobody paid starts nothing and credits nothing', async () => {
    // Rp 1,017 ends in 17: the sandbox never settles it, so only this forged (correctly signed) settlement claims it.
    const res = await order({ stationId: real.machine.id, volumeMl: 1017, paymentMethod: 'qris' });
    expect(res.status, res.text).toBe(201);
    expect((await notify(notification(res.body.id, 1017, 'settlement', '200'))).status).toBe(200);
    await sleep(300);
    expect((await read(res.body.id, res.body.secret)).body).toMatchObject({ status: 'waiting_payment', paidIdr: 0 });
    expect(await entriesOf(guestAccountOf(res.body.id))).toEqual([]);
    expect(await (await workerServices()).vendSessions.get(`PAID-${res.body.id}`)).toBeNull();
  });

  it('refunds once: settling the closed order again, from the station or a reader, changes nothing', async () => {
    const again = await read(paid.id, paid.secret);
    expect(again.body).toMatchObject({ status: 'done', refundedIdr: 266 });
    await station.publishCompletion({ sessionId: `PAID-${paid.id}`, dispensedMl: 1234 });
    await sleep(500);
    expect(await storedOrder(paid.id)).toMatchObject({ refunded: 266, refundKeys: [unusedRefundKey(paid.id)] });
    await expectBooksBalanced(paid.id, { topup: 1500, purchase: 1234, refund: 266 });
  });

  it('the same Idempotency-Key twice is one order and one payment; with another request it is a 409', async () => {
    const key = crypto.randomUUID();
    const body = { stationId: real.machine.id, volumeMl: 500, paymentMethod: 'gopay' };
    const [first, second] = await Promise.all([order(body, key), order(body, key)]);
    expect(first.status, first.text).toBe(201);
    expect(second.status, second.text).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.receiptId).toBe(first.body.receiptId);
    // The order that charged answers the GoPay deeplink (the other found it in flight); reading it shows it too.
    expect([first, second].map((r) => r.body.payment.deeplink).find(Boolean)).toMatch(/^gojek:\/\//);
    expect((await order({ ...body, volumeMl: 1000 }, key)).status).toBe(409);
    await waitFor(() => read(first.body.id, first.body.secret), (r) => r.body.status === 'done', 20_000, 200);
    const third = await order(body, key);
    expect(third.body).toMatchObject({ id: first.body.id, status: 'done', paidIdr: 500, chargedIdr: 500, refundedIdr: 0 });
    await expectBooksBalanced(first.body.id, { topup: 500, purchase: 500, refund: 0 });
  });

  it("a GoPay payment's return brings the guest back to the station's page on the site, never with the receipt's secret", async () => {
    const created = await order({ stationId: real.machine.id, volumeMl: 500, paymentMethod: 'gopay' }, crypto.randomUUID(), viewer(randomIp()));
    expect(created.status, created.text).toBe(201);
    // The sandbox's deeplink carries what the charge request asked for as the return (Midtrans' gopay.callback_url).
    const returnUrl = new URL(created.body.payment.deeplink.replace('gojek://', 'https://gojek/')).searchParams.get('callback_url');
    expect(returnUrl).toBe(new URL(`/s/${real.machine.id}?returned=1`, local().siteUrl).toString());
    expect(returnUrl).not.toContain(created.body.secret);
    expect(returnUrl).not.toContain(created.body.receiptId);
    await waitFor(() => read(created.body.id, created.body.secret), (r) => r.body.status === 'done', 20_000, 200);
  });

  it('refuses bad requests before anything is stored or charged', async () => {
    const good = { stationId: real.machine.id, volumeMl: 1000, paymentMethod: 'qris' };
    expect((await order(good, null)).status).toBe(400);
    expect((await order({ ...good, volumeMl: 1501 })).status).toBe(400);
    expect((await order({ ...good, volumeMl: 50 })).body.fields).toHaveProperty('volumeMl');
    expect((await order({ ...good, stationId: 'NOPE-000000' })).status).toBe(404);
    expect((await order({ ...good, email: 'not-an-address' })).body.fields).toHaveProperty('email');
    expect((await order({ ...good, paymentMethod: 'google_pay' })).status).toBe(400);
  });

  it('a session that expires unused is refunded in full', async () => {
    await withAnOrderNobodyStarts(async (res, started) => {
      expect(started.startBy).toEqual(expect.any(String));
      await expiresUnusedAndIsRefunded(res.body.id, res.body.secret);
    });
  });

  it('a refill refunded in full once its station could no longer report, then completed late, cannot be claimed: the order charged nothing', async () => {
    await withAnOrderNobodyStarts(async (res) => {
      await expiresUnusedAndIsRefunded(res.body.id, res.body.secret);
      // Against the protocol, the station reports what it metered after all: charged late to the emptied account.
      await station.complete(`PAID-${res.body.id}`, 600);
      const { vendSessions } = await workerServices();
      await waitFor(() => vendSessions.get(`PAID-${res.body.id}`), (s) => s?.status === 'completed');
      const claim = await apiFetch(`/api/guest/orders/${encodeURIComponent(res.body.id)}/claims`, { method: 'POST', json: { secret: res.body.secret, kind: 'not_dispensed', whatsapp: '+6281234567890' } });
      expect(claim.status, claim.text).toBe(409);
      expect(claim.body.message).toBe('This refill charged nothing, so there is nothing to claim');
      expect((await accountOf(guestAccountOf(res.body.id)))?.balance).toBe(0);
    });
  });

  it('an expired refill completed late before its refund is charged from the order, and only the rest is refunded: the guest owes nothing', async () => {
    await withAnOrderNobodyStarts(async (res) => {
      const { id, secret } = res.body;
      await expire(id);
      await expectNothingRefundedYet(id);
      // The station is back from a 4G gap and delivers its stored completion: 600 ml of the 1,000 paid.
      await station.complete(`PAID-${id}`, 600);
      const done = await waitFor(() => read(id, secret), (r) => r.body.status === 'done', 20_000, 200);
      expect(done.value.body).toMatchObject({ paidIdr: 1000, dispensedMl: 600, chargedIdr: 600, refundedIdr: 400 });
      expect(await storedOrder(id)).toMatchObject({ refunded: 400, refundKeys: [unusedRefundKey(id)], charged: 600 });
      await expectBooksBalanced(id, { topup: 1000, purchase: 600, refund: 400 });
      // The grace period passing later refunds nothing more; a claim on the metered water goes to the admin's queue.
      await sweepAt(await afterGrace(new Date()));
      await expectBooksBalanced(id, { topup: 1000, purchase: 600, refund: 400 });
      const claim = await apiFetch(`/api/guest/orders/${encodeURIComponent(id)}/claims`, { method: 'POST', json: { secret, kind: 'not_dispensed', whatsapp: '+6281234567890' } });
      expect(claim.status, claim.text).toBe(201);
      expect(claim.body).toMatchObject({ refundedIdr: 400, claim: { status: 'pending', creditedIdr: 0 } });
    });
  });

  it("an expired refill is refunded in full at its station's first heartbeat after the expiry, not before", async () => {
    await withAnOrderNobodyStarts(async (res) => {
      const { id, secret } = res.body;
      // Expired now rather than in three minutes, so that the station's next heartbeat comes after it.
      const { db, tableName } = testDb();
      const past = new Date(Date.now() - 1000).toISOString();
      await db.send(new UpdateCommand({ TableName: tableName, Key: keys.vendSession(`PAID-${id}`), UpdateExpression: 'SET expiresAt = :past, GSI2SK = :past', ExpressionAttributeValues: { ':past': past } }));
      await expire(id, new Date());
      await expectNothingRefundedYet(id);
      const { vendSessions, machines } = await workerServices();
      const expiredAt = (await vendSessions.get(`PAID-${id}`))!.closedAt!;
      // Its last heartbeat was before the expiry: the station may still report.
      await sweepAt(new Date());
      expect((await vendSessions.get(`PAID-${id}`))?.fullRefund).toBe('waiting');
      await station.heartbeat();
      await waitFor(() => machines.get(real.machine.id), (m) => (m?.heartbeatReceivedAt ?? '') > expiredAt, 10_000, 100);
      await sweepAt(new Date());
      await expectRefundedInFull(id, secret);
    });
  });

  it('two sweeps at once mark the refund due once, and with readers and the stream settling together it is refunded once', async () => {
    await withAnOrderNobodyStarts(async (res) => {
      const { id, secret } = res.body;
      const expiredAt = await expire(id);
      await expectNothingRefundedYet(id);
      const services = await workerServices();
      const dueAt = await afterGrace(expiredAt);
      const reports = await Promise.all([sweepAt(dueAt), sweepAt(dueAt)]);
      expect(reports.every((r) => r.errors === 0)).toBe(true);
      expect((await services.vendSessions.get(`PAID-${id}`))?.fullRefund).toMatch(/^(due|made)$/);
      // The stream settles it; the guest's page and a retried record settle it at the same moment.
      await Promise.all([settleGuestSession(`PAID-${id}`, services), settleGuestSession(`PAID-${id}`, services), read(id, secret), read(id, secret)]);
      await expectRefundedInFull(id, secret);
      await Promise.all([sweepAt(dueAt), sweepAt(dueAt)]);
      expect(await storedOrder(id)).toMatchObject({ refunded: 1000, refundKeys: [unusedRefundKey(id)] });
      // The refund's in-flight account took the whole payment in once and gave it to the gateway once.
      const inFlight = await entriesOf(refundInFlightAccount(unusedRefundKey(id)));
      expect(inFlight.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-1000, 1000]);
      expect((await accountOf(refundInFlightAccount(unusedRefundKey(id))))?.balance).toBe(0);
    });
  });

  it('an open session decides the order, even when a caller that lost the race to open it wrote "not started" beside it', async () => {
    await withAnOrderNobodyStarts(async (res) => {
      // What the losing caller writes when it finds the station refusing after the winner opened the session.
      const { db, tableName } = testDb();
      await db.send(new UpdateCommand({ TableName: tableName, Key: keys.guestOrder(res.body.id), UpdateExpression: 'SET sessionStatus = :s', ExpressionAttributeValues: { ':s': STATION_UNAVAILABLE } }));
      // Read while the session is still open: nothing is refunded yet, the station may still dispense.
      expect((await read(res.body.id, res.body.secret)).body).toMatchObject({ status: 'press_start', refundedIdr: 0 });
      expect(await storedOrder(res.body.id)).not.toHaveProperty('closedAt');
      await expiresUnusedAndIsRefunded(res.body.id, res.body.secret);
    });
  });

  it('a "not started" close waits for a session another caller opened before it recorded the session on the order', async () => {
    await withAnOrderNobodyStarts(async (res) => {
      // The order as a losing caller leaves it when the winner's session exists but its id is not on the order yet.
      const { db, tableName } = testDb();
      await db.send(new UpdateCommand({
        TableName: tableName, Key: keys.guestOrder(res.body.id), UpdateExpression: 'SET sessionStatus = :s REMOVE sessionId', ExpressionAttributeValues: { ':s': STATION_UNAVAILABLE },
      }));
      const services = await workerServices();
      expect(await settleGuestSession(`PAID-${res.body.id}`, services)).toBe('unsettled');
      expect((await storedOrder(res.body.id))?.refunded ?? 0).toBe(0);
      expect(await storedOrder(res.body.id)).not.toHaveProperty('closedAt');
      await expiresUnusedAndIsRefunded(res.body.id, res.body.secret);
    });
  });

  it('a paid order whose station cannot start is refunded in full', async () => {
    const { machines } = await workerServices();
    const res = await order({ stationId: real.machine.id, volumeMl: 500, paymentMethod: 'qris' });
    expect(res.status, res.text).toBe(201);
    // Between the order and the payment (the sandbox settles 0.4 s after the charge) the station goes into maintenance.
    await machines.update(real.machine.id, { status: 'maintenance' });
    try {
      const done = await waitFor(() => read(res.body.id, res.body.secret), (r) => r.body.status === 'done', 20_000, 200);
      expect(done.value.body).toMatchObject({ paidIdr: 500, dispensedMl: 0, chargedIdr: 0, refundedIdr: 500, message: 'The station could not be started, so your payment of Rp 500 is refunded in full.' });
      // The same stored order, composed at read time in the reader's language.
      expect((await read(res.body.id, res.body.secret, indonesian)).body.message).toBe('Stasiun tidak dapat dimulai, jadi pembayaran Anda sebesar Rp 500 dikembalikan seluruhnya.');
      expect((await read(res.body.id, res.body.secret, { 'accept-language': 'en-GB,en;q=0.9,id;q=0.8' })).body.message).toMatch(/^The station could not be started/);
    } finally {
      await machines.update(real.machine.id, { status: 'online' });
    }
    await expectBooksBalanced(res.body.id, { topup: 500, purchase: 0, refund: 500 });
  });

  it('a refund the gateway answered 503 is asked again from its in-flight account, with nobody reading the order', async () => {
    const { machines } = await workerServices();
    const control = sandboxControlClient(local().payments.sandboxControl!);
    const key = crypto.randomUUID();
    const orderId = orderIdFor('guest', 'guest', key);
    // The guest pays once the station is in maintenance: nothing is started, the webhook refunds in full, and the
    // gateway answers that refund with a 503. The guest has left: nobody opens the receipt.
    await control.payLater(orderId);
    const res = await order({ stationId: real.machine.id, volumeMl: 500, paymentMethod: 'qris' }, key);
    expect(res.status, res.text).toBe(201);
    await machines.update(real.machine.id, { status: 'maintenance' });
    try {
      const before = (await control.refundFaults()).injected.unavailable;
      await control.failNextRefunds(orderId, ['unavailable']);
      await control.pay(orderId);
      const closed = await waitFor(() => storedOrder(orderId), (o) => Boolean(o?.closedAt), 20_000, 200);
      expect(closed.value).toMatchObject({ status: 'refunded', refunded: 500, refundKeys: [unusedRefundKey(orderId)], charged: 0 });
      expect((await control.refundFaults()).injected.unavailable).toBe(before + 1);
    } finally {
      await machines.update(real.machine.id, { status: 'online' });
    }
    await expectBooksBalanced(orderId, { topup: 500, purchase: 0, refund: 500 });
    expect((await accountOf(refundInFlightAccount(unusedRefundKey(orderId))))?.balance).toBe(0);
    expect((await control.refunds()).filter((r) => r.orderId === orderId).map((r) => [r.key, r.amount])).toEqual([[unusedRefundKey(orderId), 500]]);
  });

  it('an order made in Bahasa Indonesia gets its receipt e-mail in Bahasa Indonesia, and its errors too', async () => {
    const address = `tamu-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await order({ stationId: real.machine.id, volumeMl: 1500, paymentMethod: 'qris', email: address }, crypto.randomUUID(), { ...thisClient, ...indonesian });
    expect(res.status, res.text).toBe(201);
    await waitFor(() => read(res.body.id, res.body.secret), (r) => r.body.status === 'done', 20_000, 200);
    expect(await storedOrder(res.body.id)).toMatchObject({ language: 'id' });
    const mail = await waitForEmail(local().mail.messages, address);
    expect(mail.subject).toBe('Struk Bali Refill Anda: 1,234 L, dikembalikan Rp 266');
    expect(mail.text).toContain('Terima kasih telah mengisi air di Guest refill station.');
    expect(mail.text).toContain('Ditagih: Rp 1.234');
    expect(mail.text).toContain('Dikembalikan: Rp 266');
    expect(mail.text).not.toMatch(/Charged|Refunded|Thank you/);

    expect(await read(res.body.id, 'x'.repeat(43), indonesian)).toMatchObject({ status: 404, body: { message: 'Pesanan tidak ditemukan' } });
    expect(await read(res.body.id, 'x'.repeat(43))).toMatchObject({ status: 404, body: { message: 'Order not found' } });
    const tooMuch = await order({ stationId: real.machine.id, volumeMl: 1501, paymentMethod: 'qris' }, crypto.randomUUID(), { ...thisClient, ...indonesian });
    expect(tooMuch).toMatchObject({ status: 400, body: { message: 'Stasiun ini mengisi paling banyak 1,5 L per isi ulang' } });
  });

  it('limits unpaid orders per address, never paid ones, and a refused address takes no slot of the station', async () => {
    const { db, tableName } = testDb();
    const windowStart = (now: Date) => Math.floor(now.getTime() / 3_600_000) * 3600;
    const stationCount = async () =>
      ((await db.send(new GetCommand({ TableName: tableName, Key: keys.requestQuota(`guest#station#${real.machine.id}`, windowStart(new Date())), ConsistentRead: true }))).Item?.count ?? 0) as number;
    // 117 ml costs Rp 117: the sandbox never pays an amount ending in 17, so these orders stay unpaid.
    const unpaid = { stationId: real.machine.id, volumeMl: 117, paymentMethod: 'qris' };
    const first = await orderThroughCloudFront('127.0.0.2', unpaid);
    expect(first.status, first.text).toBe(201);
    for (let i = 1; i < 20; i++) expect((await orderThroughCloudFront('127.0.0.2', unpaid)).status).toBe(201);
    const before = await stationCount();
    const refused = await orderThroughCloudFront('127.0.0.2', unpaid);
    expect(refused.status).toBe(429);
    // Truthful about when: the end of the hour's window, not "a few minutes".
    const minutes = Math.ceil(((windowStart(new Date()) + 3600) * 1000 - Date.now()) / 60_000);
    expect(refused.body.message).toMatch(/^Too many unpaid orders from here right now; please try again in \d+ minutes?$/);
    expect(Math.abs(Number(/in (\d+) minute/.exec(refused.body.message)![1]) - minutes)).toBeLessThanOrEqual(1);
    for (let i = 0; i < 5; i++) expect((await orderThroughCloudFront('127.0.0.2', unpaid)).status).toBe(429);
    expect(await stationCount()).toBe(before);
    // Another tourist at another address pays as usual.
    expect((await orderThroughCloudFront('127.0.0.1', { ...unpaid, volumeMl: 100 })).status).toBe(201);
    // Paid orders give their slots back: a hotel's address with 25 paying guests is never refused.
    const hotel = viewer(`203.0.113.${Math.floor(Math.random() * 250) + 1}`);
    for (let i = 0; i < 25; i++) {
      const res = await order({ stationId: real.machine.id, volumeMl: 100, paymentMethod: 'qris' }, crypto.randomUUID(), hotel);
      expect(res.status, `order ${i + 1}: ${res.text}`).toBe(201);
      if (i < 5) await waitFor(() => storedOrder(res.body.id), (o) => Boolean(o?.quotaReturnedAt), 10_000, 100);
    }
  });
});

/** An order through the local CloudFront from a loopback address of our choosing: it tells the API the viewer's address. */
function orderThroughCloudFront(from: string, body: Record<string, unknown>): Promise<{ status: number; body: any; text: string }> {
  const target = new URL('/api/guest/orders', local().web!);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      hostname: target.hostname, port: target.port, path: target.pathname, method: 'POST', localAddress: from,
      // What a viewer sends under CloudFront's own header is not what the API reads.
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), 'cloudfront-viewer-address': '198.51.100.99:443' },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => (text += chunk)).on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
