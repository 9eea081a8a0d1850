import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { claimRefundKey, unusedRefundKey } from '@functions/guests/domain/guest-orders';
import { guestAccountOf, refundInFlightAccount } from '@functions/wallet/ports/payment-orders';
import { sandboxControlClient } from '@infra/local/sandbox-control';
import type { SimStation } from '@infra/local/simulator';
import { asAdmin, ledgerEntries, repositories } from '../support/admin';
import { bearer, newAccount } from '../support/auth';
import { formatRupiah } from '@shared/money';
import { apiFetch, local, testDb } from '../support/local';
import { waitForEmail } from '../support/outbox';
import { closeStations, provision, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';

/**
 * After a guest's refill (docs/payments.md, "Guest orders"), on the local cloud: a refund the gateway refuses stays
 * in the guest account until an account claims the receipt (wallet credit, once) or an admin pays it out; the
 * receipt's impact goes to the account that claims it; "I didn't get my water" from the receipt, refunded through
 * the gateway. The sandbox refuses every refund of an amount ending in 27.
 */

let real: Provisioned;
let station: SimStation;

beforeAll(async () => {
  await workerServices();
  real = await provision('Guest receipts station');
  station = await stationFor(real);
  await station.connect();
  await station.heartbeat();
  station.remoteStart = { volumeMl: 800, flowMlPerSecond: Infinity };
  await waitFor(() => apiFetch(`/api/machines/${real.machine.id}`), (r) => r.body.status === 'online');
});
afterAll(closeStations);

const client = { 'cloudfront-viewer-address': `198.51.100.${Math.floor(Math.random() * 250) + 1}:443` };
type Paid = { id: string; secret: string };
const read = (order: Paid) => apiFetch(`/api/guest/orders/${encodeURIComponent(order.id)}?secret=${encodeURIComponent(order.secret)}`);
const keep = (order: Paid, token: string, secret = order.secret) =>
  apiFetch(`/api/guest/orders/${encodeURIComponent(order.id)}/claim`, { method: 'POST', headers: bearer(token), json: { secret } });
const WHATSAPP = '+6281234567890';
const guestClaim = (order: Paid, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  apiFetch(`/api/guest/orders/${encodeURIComponent(order.id)}/claims`, { method: 'POST', headers, json: { secret: order.secret, ...body } });
const balanceOf = async (userId: string) => (await repositories().users.get(userId))?.balance ?? 0;
const sumOf = async (userId: string) => (await ledgerEntries(userId)).reduce((s, e) => s + e.amount, 0);
async function storedOrder(orderId: string) {
  const { db, tableName } = testDb();
  return (await db.send(new GetCommand({ TableName: tableName, Key: keys.guestOrder(orderId), ConsistentRead: true }))).Item;
}

/** A guest order of `volumeMl` paid by QRIS in the sandbox, dispensed by the station, read until its receipt is final. */
async function refill(volumeMl: number, email?: string) {
  const res = await apiFetch('/api/guest/orders', { method: 'POST', headers: { 'idempotency-key': crypto.randomUUID(), ...client }, json: { stationId: real.machine.id, volumeMl, paymentMethod: 'qris', email } });
  expect(res.status, res.text).toBe(201);
  const done = await waitFor(() => read(res.body), (r) => r.body.status === 'done', 20_000, 200);
  return { order: res.body as Paid, view: done.value.body };
}

describe('guest receipts', () => {
  beforeEach(() => station.heartbeat());
  let refused: Paid;
  let account: { sub: string; token: string };

  it('a refund the gateway refuses is kept in the guest account, shown on the receipt and listed for the admin', async () => {
    // Rp 1,027 paid, 800 ml dispensed: Rp 227 to refund, which the sandbox refuses.
    const email = `refused-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { order, view } = await refill(1027, email);
    refused = order;
    expect(view).toMatchObject({ status: 'done', paidIdr: 1027, dispensedMl: 800, chargedIdr: 800, refundedIdr: 0, refund: 'refused', heldIdr: 227, claimed: false });
    expect(view.refundRefusedReason).toContain('refund window');
    expect(await storedOrder(order.id)).toMatchObject({ refundRefused: { keys: [unusedRefundKey(order.id)] }, closedAt: expect.any(String) });
    // The money is not lost: the guest account holds it, and agrees with its entries.
    expect(await balanceOf(guestAccountOf(order.id))).toBe(227);
    expect(await sumOf(guestAccountOf(order.id))).toBe(227);
    const held = await asAdmin('/api/admin/guest-refunds');
    expect(held.status).toBe(200);
    expect(held.body).toContainEqual(expect.objectContaining({ orderId: order.id, heldIdr: 227, stationName: 'Guest receipts station' }));
    // Reading again asks the gateway nothing more and changes nothing.
    expect((await read(order)).body).toMatchObject({ refund: 'refused', heldIdr: 227 });
    expect(await balanceOf(guestAccountOf(order.id))).toBe(227);
    const mail = await waitForEmail(local().mail.messages, email);
    expect(mail.text).toContain('The payment gateway could not refund the rest (The refund window of this payment method has passed)');
    expect(mail.text).toContain('Refunded: Rp 0');
  });

  it('an account that claims the receipt gets the held money as wallet credit once, and the litres in its impact', async () => {
    const created = await newAccount('keeper');
    account = { sub: created.sub, token: created.token };
    expect((await keep(refused, account.token, 'x'.repeat(43))).status).toBe(404);
    const [first, again] = [await keep(refused, account.token), await keep(refused, account.token)];
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ orderId: refused.id, creditedIdr: 227, dispensedMl: 800 });
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(account.sub)).toBe(227);
    expect(await sumOf(account.sub)).toBe(227);
    expect(await balanceOf(guestAccountOf(refused.id))).toBe(0);
    // The refill is in the account's History, beside the credit, written once with the hand-over.
    const history = await apiFetch('/api/transactions', { headers: bearer(account.token) });
    expect(history.body.items.map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual(expect.arrayContaining([['guest_refill', 800], ['refund', 227]]));
    expect(history.body.items.filter((t: { type: string }) => t.type === 'guest_refill')).toEqual([
      expect.objectContaining({ volume: 0.8, paymentMethod: 'qris', machine: { id: real.machine.id, name: expect.any(String) }, debit: false }),
    ]);
    const impact = await apiFetch('/api/environmental-impact', { headers: bearer(account.token) });
    expect(impact.body).toMatchObject({ litresRefilled: 0.8, bottlesSaved: 1 });
    // Another account cannot take it; the admin no longer sees it and cannot pay it out twice.
    const other = await newAccount('other');
    expect((await keep(refused, other.token)).status).toBe(409);
    expect((await asAdmin('/api/admin/guest-refunds')).body.map((h: { orderId: string }) => h.orderId)).not.toContain(refused.id);
    expect((await asAdmin(`/api/admin/guest-refunds/${refused.id}/pay-out`, { method: 'POST', json: { note: 'bank transfer' } })).status).toBe(409);
    expect((await read(refused)).body).toMatchObject({ claimed: true, heldIdr: 0 });
  });

  it('an admin pays a held refund out once; the receipt can then no longer be claimed for money', async () => {
    const { order } = await refill(1027);
    expect((await asAdmin(`/api/admin/guest-refunds/${order.id}/pay-out`, { method: 'POST', json: {} })).status).toBe(400);
    const paid = await asAdmin(`/api/admin/guest-refunds/${order.id}/pay-out`, { method: 'POST', json: { note: 'Sent by bank transfer, ref 42' } });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ orderId: order.id, heldIdr: 0 });
    expect((await asAdmin(`/api/admin/guest-refunds/${order.id}/pay-out`, { method: 'POST', json: { note: 'again' } })).status).toBe(409);
    expect(await balanceOf(guestAccountOf(order.id))).toBe(0);
    const payout = (await ledgerEntries(guestAccountOf(order.id))).filter((e) => e.idempotencyKey === `guest-payout:${order.id}`);
    expect(payout.map((e) => [e.amount, e.actor])).toEqual([[-227, 'admin:admin@bali-refill.test']]);
    expect((await keep(order, account.token)).status).toBe(409);
    expect((await read(order)).body).toMatchObject({ refund: 'refused', heldIdr: 0, claimed: false });

    // A claim credited after the payout, that the gateway refuses too (Rp 127), is held and listed again, then paid out once more.
    expect((await guestClaim(order, { kind: 'dispensed_less', whatsapp: WHATSAPP })).status).toBe(201);
    const resolved = await asAdmin(`/api/admin/claims/PAID-${order.id}/resolve`, { method: 'POST', json: { decision: 'credit', amount: 127, reason: 'Short fill' } });
    expect(resolved.status, resolved.text).toBe(200);
    expect((await read(order)).body).toMatchObject({ heldIdr: 127 });
    const listed = await asAdmin('/api/admin/guest-refunds');
    expect(listed.body.find((h: { orderId: string }) => h.orderId === order.id)).toMatchObject({ heldIdr: 127 });
    const second = await asAdmin(`/api/admin/guest-refunds/${order.id}/pay-out`, { method: 'POST', json: { note: 'Second transfer, ref 43' } });
    expect(second.status, second.text).toBe(200);
    expect((await asAdmin(`/api/admin/guest-refunds/${order.id}/pay-out`, { method: 'POST', json: { note: 'again' } })).status).toBe(409);
    expect(await balanceOf(guestAccountOf(order.id))).toBe(0);
    expect((await storedOrder(order.id))?.paidOut).toMatchObject({ amount: 227 + 127, note: 'Second transfer, ref 43' });
    const payouts = (await ledgerEntries(guestAccountOf(order.id))).filter((e) => e.idempotencyKey.startsWith(`guest-payout:${order.id}`));
    expect(payouts.map((e) => e.amount).sort()).toEqual([-127, -227]);
    expect((await asAdmin('/api/admin/guest-refunds')).body.map((h: { orderId: string }) => h.orderId)).not.toContain(order.id);
  });

  it('a refunded receipt claimed by an account adds only its impact; a claim credited later goes to that account', async () => {
    const { order, view } = await refill(1000);
    expect(view).toMatchObject({ refund: 'refunded', refundedIdr: 200, heldIdr: 0 });
    const before = (await repositories().users.get(account.sub))!;
    const kept = await keep(order, account.token);
    expect(kept.body).toEqual({ orderId: order.id, creditedIdr: 0, dispensedMl: 800 });
    await keep(order, account.token);
    const after = (await repositories().users.get(account.sub))!;
    expect(after.dispensedMl).toBe(before.dispensedMl + 800);
    expect(after.balance).toBe(before.balance);
    // Nothing was held: the History still has the refill, once, at the time the refill ended.
    const rows = (await apiFetch('/api/transactions', { headers: bearer(account.token) })).body.items.filter((t: { type: string; createdAt: string }) => t.type === 'guest_refill' && t.createdAt === view.closedAt);
    expect(rows).toEqual([expect.objectContaining({ amount: 800, volume: 0.8, paymentMethod: 'qris' })]);
    // A claim on it credited later goes to the account that keeps the receipt, once, however often the receipt is read.
    expect((await guestClaim(order, { kind: 'dispensed_less', whatsapp: WHATSAPP })).status).toBe(201);
    const resolved = await asAdmin(`/api/admin/claims/PAID-${order.id}/resolve`, { method: 'POST', json: { decision: 'credit', amount: 100, reason: 'Checked the meter' } });
    expect(resolved.status, resolved.text).toBe(200);
    await read(order);
    await read(order);
    expect(await balanceOf(account.sub)).toBe(before.balance + 100);
    expect(await balanceOf(guestAccountOf(order.id))).toBe(0);
    expect((await storedOrder(order.id))?.refundKeys).toEqual([unusedRefundKey(order.id)]);
  });

  it('a claim credit on its way back through a slow gateway cannot also be kept as wallet credit: the guest gets it once', async () => {
    const { order } = await refill(1000);
    const keeper = await newAccount('racer');
    expect((await guestClaim(order, { kind: 'dispensed_less', whatsapp: WHATSAPP })).status).toBe(201);
    const { resolveClaim } = await import('@functions/vending/domain/claims');
    const { afterClaimResolved } = await import('@functions/guests/domain/guest-claims');
    const { claimDeps } = await import('@functions/vending/providers/claims');
    const { guestDeps } = await import('@functions/guests/providers/guest-deps');
    const claim = await resolveClaim(`PAID-${order.id}`, { decision: 'credit', amount: 300, reason: 'Checked the meter' }, 'admin:test', claimDeps());
    expect(await balanceOf(guestAccountOf(order.id))).toBe(300);
    // The gateway takes a second to answer the claim's refund; the guest keeps the receipt in an account meanwhile.
    const deps = guestDeps();
    const slow = { ...deps, paymentGateway: { ...deps.paymentGateway, refund: async (request: Parameters<typeof deps.paymentGateway.refund>[0]) => {
      await new Promise((r) => setTimeout(r, 1_000));
      return deps.paymentGateway.refund(request);
    } } };
    const before = await balanceOf(keeper.sub);
    const refunding = afterClaimResolved(claim, slow);
    await new Promise((r) => setTimeout(r, 200));
    const kept = await keep(order, keeper.token);
    expect(kept.status, kept.text).toBe(200);
    await refunding;
    const refundedForClaim = (await storedOrder(order.id))?.refundKeys?.includes(claimRefundKey(order.id)) ? 300 : 0;
    const keptAsCredit = (await balanceOf(keeper.sub)) - before;
    expect(refundedForClaim + keptAsCredit).toBe(300);
    const guest = (await repositories().users.get(guestAccountOf(order.id)))!;
    expect([guest.balance, guest.owed ?? 0]).toEqual([0, 0]);
    expect(await sumOf(guestAccountOf(order.id))).toBe(0);
  });

  it('a claim credit the gateway answered 503 for goes back through the gateway once, though the receipt was kept meanwhile and nobody reads it', async () => {
    const { order } = await refill(1000);
    const keeper = await newAccount('after-503');
    const control = sandboxControlClient(local().payments.sandboxControl!);
    expect((await guestClaim(order, { kind: 'dispensed_less', whatsapp: WHATSAPP })).status).toBe(201);
    // The admin credits Rp 300; the gateway answers its refund with a 503, so the credit waits in flight.
    await control.failNextRefunds(order.id, ['unavailable']);
    const resolved = await asAdmin(`/api/admin/claims/PAID-${order.id}/resolve`, { method: 'POST', json: { decision: 'credit', amount: 300, reason: 'Checked the meter' } });
    expect(resolved.status, resolved.text).toBe(200);
    // The guest keeps the receipt in an account: it hands over what the guest account holds, not the credit in flight.
    const kept = await keep(order, keeper.token);
    expect(kept.status, kept.text).toBe(200);
    const refunded = await waitFor(() => storedOrder(order.id), (o) => Boolean(o?.refundKeys?.includes(claimRefundKey(order.id))), 20_000, 200);
    expect(refunded.value).toMatchObject({ refunded: 500, claimedBy: keeper.sub, claimedIdr: 0 });
    expect(await balanceOf(refundInFlightAccount(claimRefundKey(order.id)))).toBe(0);
    expect(await balanceOf(guestAccountOf(order.id))).toBe(0);
    expect(await balanceOf(keeper.sub)).toBe(0);
    expect((await control.refunds()).filter((r) => r.orderId === order.id).map((r) => [r.key, r.amount])).toEqual([[unusedRefundKey(order.id), 200], [claimRefundKey(order.id), 300]]);
  });

  it('a claim from the receipt that the station record does not support waits for the admin; the credit is refunded through the gateway', async () => {
    const email = `claimer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const contact = `contact-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { order } = await refill(1000, email);
    const bad = await guestClaim({ ...order, secret: 'y'.repeat(43) }, { kind: 'dispensed_less', whatsapp: WHATSAPP });
    expect(bad.status).toBe(404);
    // A claim names where to answer: an e-mail address or a WhatsApp number in E.164 shape, else 400 with the field's message.
    const none = await guestClaim(order, { kind: 'dispensed_less' }, { 'accept-language': 'id' });
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual({ contact: 'Isi alamat e-mail atau nomor WhatsApp agar kami bisa menjawab' });
    const notE164 = await guestClaim(order, { kind: 'dispensed_less', whatsapp: '0812 3456 7890' });
    expect([notE164.status, notE164.body.fields]).toEqual([400, { whatsapp: 'A WhatsApp number with its country code, like +6281234567890' }]);
    expect((await guestClaim(order, { kind: 'dispensed_less', email: 'not-an-address' })).body.fields).toHaveProperty('email');
    // Made in Bahasa Indonesia, with an address: stored, shown on the receipt, acknowledged by e-mail in Indonesian there.
    const res = await guestClaim(order, { kind: 'dispensed_less', note: 'Only half a bottle', email: contact, whatsapp: WHATSAPP }, { 'accept-language': 'id' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ claim: { status: 'pending', kind: 'dispensed_less', creditedIdr: 0, contact: { email: contact, whatsapp: WHATSAPP } }, claimUntil: expect.any(String) });
    const acknowledged = await waitForEmail(local().mail.messages, contact, { matches: (m) => m.subject.includes('Klaim') });
    expect(acknowledged.subject).toBe('Klaim isi ulang Anda kami terima');
    expect(acknowledged.text).toContain(order.id);
    expect((await guestClaim(order, { kind: 'tasted_wrong', whatsapp: WHATSAPP })).status).toBe(409);
    const sessionId = `PAID-${order.id}`;
    const resolved = await asAdmin(`/api/admin/claims/${sessionId}/resolve`, { method: 'POST', json: { decision: 'credit', amount: 300, reason: 'The meter was checked' } });
    expect(resolved.status, resolved.text).toBe(200);
    expect(await storedOrder(order.id)).toMatchObject({ refunded: 500, refundKeys: [unusedRefundKey(order.id), claimRefundKey(order.id)] });
    expect(await balanceOf(guestAccountOf(order.id))).toBe(0);
    expect((await read(order)).body).toMatchObject({ claim: { status: 'credited', creditedIdr: 300 }, refundedIdr: 500 });
    // The outcome goes where the claim asked, in the claim's language (docs/architecture.md, "E-mail").
    const mail = await waitForEmail(local().mail.messages, contact, { matches: (m) => m.subject.includes('dikembalikan') });
    expect(mail.subject).toBe(`Klaim isi ulang: ${formatRupiah(300)} dikembalikan`);
    expect(mail.text).toContain('The meter was checked');
  });

  it('a claim from the receipt that the station record supports (a vend incident) is credited and refunded at once', async () => {
    // The station sends a malformed completion first (an incident), then the valid one.
    station.remoteStart = { volumeMl: 800, flowMlPerSecond: 0.01 };
    try {
      const res = await apiFetch('/api/guest/orders', { method: 'POST', headers: { 'idempotency-key': crypto.randomUUID(), ...client }, json: { stationId: real.machine.id, volumeMl: 1000, paymentMethod: 'qris' } });
      expect(res.status, res.text).toBe(201);
      // The station reports the valve opening: the guest's page shows it live.
      await waitFor(() => read(res.body), (r) => r.body.status === 'dispensing', 20_000, 200);
      const sessionId = `PAID-${res.body.id}`;
      await station.publishCompletion({ sessionId, dispensedMl: '250' });
      await waitFor(async () => (await workerServices()).vendSessions.incident(sessionId), (i) => i !== null);
      await station.complete(sessionId, 600);
      await waitFor(() => read(res.body), (r) => r.body.status === 'done', 20_000, 200);
      const claimed = await guestClaim(res.body, { kind: 'not_dispensed', whatsapp: WHATSAPP });
      expect(claimed.status, claimed.text).toBe(201);
      expect(claimed.body).toMatchObject({ claim: { status: 'credited', creditedIdr: 600 }, refundedIdr: 1000, chargedIdr: 600 });
      expect(await balanceOf(guestAccountOf(res.body.id))).toBe(0);
    } finally {
      station.remoteStart = { volumeMl: 800, flowMlPerSecond: Infinity };
    }
  });
});
