import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ClaimRecord } from '../../vending/ports/claims';
import { GatewayRejected, type PaymentGateway } from '../../wallet/ports/payment-gateway';
import { guestAccountOf, refundInFlightAccount, type GuestOrder } from '../../wallet/ports/payment-orders';
import { claimGuestOrder, payOutGuestRefund } from './guest-receipts';
import { claimRefundKey, moveGuestRefundOn } from './guest-orders';
import { MemoryOrders } from '../../wallet/domain/payment-orders.test-fakes';
import { fixedClock, MemoryLedger, MemoryUsers, silentLog } from '../../vending/domain/vend.test-fakes';
import { ledgerWithRules } from '../../wallet/domain/ledger-rules';

/**
 * Keeping a receipt and paying a held refund out (docs/payments.md, "Guest orders") on in-memory adapters: the guest
 * account's money is handed over once, and only what it holds when the hand-over commits.
 */

const ORDER_ID = 'GO-0123456789abcdef0123456789abcdef';
const SECRET = 'the-receipt-secret-of-this-order';
const KEEPER = { sub: 'keeper', username: 'keeper@example.com', email: 'keeper@example.com', givenName: null, familyName: null };

/** A closed guest order whose guest account holds `held`, and a ledger that moves `takenMeanwhile` of it to a refund in flight just before the first hand-over. */
async function closedOrder(held: number, takenMeanwhile: number) {
  const users = new MemoryUsers();
  const ledger = new MemoryLedger(users);
  const paymentOrders = new MemoryOrders();
  const guest = guestAccountOf(ORDER_ID);
  await users.ensureGuestAccount(guest, '');
  if (held > 0) await ledger.post(guest, 'topup', held, ORDER_ID, { reference: ORDER_ID, actor: 'gateway' });
  await paymentOrders.create({
    kind: 'guest', orderId: ORDER_ID, userId: guest, amount: held, paymentMethod: 'qris', status: 'settled', closedAt: '2026-11-28T01:00:00.000Z',
    secretHash: createHash('sha256').update(SECRET).digest('hex'), machineId: 'MNY-000001', machineName: 'Money station', volumeMl: 1000, dispensedMl: 800,
  } as GuestOrder);
  let raced = false;
  // A claim's credit on its way back through the gateway: set aside between the hand-over's read and its write.
  const racing = Object.assign(Object.create(ledger) as MemoryLedger, {
    transfer: async (...args: Parameters<MemoryLedger['transfer']>) => {
      if (!raced && takenMeanwhile > 0) {
        raced = true;
        await ledger.transfer({ from: guest, to: refundInFlightAccount(`${ORDER_ID}-claim`), amount: takenMeanwhile }, `refund-pending:${ORDER_ID}-claim`, { reference: ORDER_ID, actor: 'system' });
      }
      return ledger.transfer(...args);
    },
    post: async (...args: Parameters<MemoryLedger['post']>) => {
      if (!raced && takenMeanwhile > 0 && args[3].startsWith('guest-payout:')) {
        raced = true;
        await ledger.transfer({ from: guest, to: refundInFlightAccount(`${ORDER_ID}-claim`), amount: takenMeanwhile }, `refund-pending:${ORDER_ID}-claim`, { reference: ORDER_ID, actor: 'system' });
      }
      return ledger.post(...args);
    },
  });
  // Behind the wallet's rules, as every use case gets its ledger: the hand-over retries on the refusal's fact.
  const deps = { users, ledger: ledgerWithRules(racing), paymentOrders, clock: fixedClock(new Date('2026-11-28T02:00:00.000Z')) };
  return { deps, users, guest };
}

describe('handing a guest account over', () => {
  it('keeps what the guest account holds when the keeping commits: a refund set aside meanwhile is not kept too', async () => {
    const { deps, users, guest } = await closedOrder(527, 300);
    expect(await claimGuestOrder(KEEPER, ORDER_ID, SECRET, deps)).toEqual({ orderId: ORDER_ID, creditedIdr: 227, dispensedMl: 800 });
    expect((await users.get(KEEPER.sub))?.balance).toBe(227);
    expect((await users.get(guest))?.balance).toBe(0);
    expect((await users.get(refundInFlightAccount(`${ORDER_ID}-claim`)))?.balance).toBe(300);
    expect(await deps.paymentOrders.get(ORDER_ID)).toMatchObject({ claimedBy: KEEPER.sub, claimedIdr: 227 });
  });

  it('keeps nothing but the impact when all of it was set aside meanwhile', async () => {
    const { deps, users } = await closedOrder(300, 300);
    expect(await claimGuestOrder(KEEPER, ORDER_ID, SECRET, deps)).toEqual({ orderId: ORDER_ID, creditedIdr: 0, dispensedMl: 800 });
    expect((await users.get(KEEPER.sub))?.balance).toBe(0);
  });

  it('pays out what the guest account holds when the payout commits', async () => {
    const { deps, users, guest } = await closedOrder(527, 300);
    await deps.paymentOrders.recordRefusedRefund(ORDER_ID, { reason: 'window passed', at: '2026-11-28T01:00:00.000Z', keys: [`${ORDER_ID}-unused`] });
    expect(await payOutGuestRefund(ORDER_ID, 'bank transfer', 'admin:a', deps)).toMatchObject({ orderId: ORDER_ID, heldIdr: 0 });
    expect((await users.get(guest))?.balance).toBe(0);
    expect(await deps.paymentOrders.get(ORDER_ID)).toMatchObject({ paidOut: { amount: 227, by: 'admin:a', note: 'bank transfer' } });
  });
});

describe("a claim's credit refused after the receipt was kept", () => {
  it("goes to the keeper's wallet, as a credit after the keeping does, and is not left in the guest account", async () => {
    const { deps, users, guest } = await closedOrder(0, 0);
    const claimKey = claimRefundKey(ORDER_ID);
    // The credit was set aside for the gateway, then the receipt was kept (it held nothing to hand over).
    await deps.ledger.post(guest, 'refund', 33, `claim:PAID-${ORDER_ID}`, { reference: ORDER_ID, actor: 'admin:a' });
    await deps.ledger.transfer({ from: guest, to: refundInFlightAccount(claimKey), amount: 33 }, `refund-pending:${claimKey}`, { reference: ORDER_ID, actor: 'system' });
    await users.ensure({ id: KEEPER.sub, username: KEEPER.username, firstName: null, lastName: null, email: KEEPER.email }, '');
    await deps.paymentOrders.update(ORDER_ID, { sessionId: `PAID-${ORDER_ID}` });
    await deps.paymentOrders.handOver(ORDER_ID, { claimedBy: KEEPER.sub, claimedIdr: 0, claimedAt: '2026-11-28T01:30:00.000Z' });
    const claim = { sessionId: `PAID-${ORDER_ID}`, userId: guest, status: 'credited', creditedIdr: 33, kind: 'dispensed_less', resolution: { at: '', by: 'admin:a', decision: 'credit', reason: 'Short fill' } } as ClaimRecord;
    const refusing = { refund: async () => { throw new GatewayRejected('The refund window of this payment method has passed', '412'); } } as unknown as PaymentGateway;
    const refundDeps = { ...deps, ledger: deps.ledger, paymentGateway: refusing, log: silentLog, claims: { get: async () => claim } as never, vendSessions: {} as never };
    expect(await moveGuestRefundOn(claimKey, refundDeps)).toBe('settled');
    expect((await users.get(KEEPER.sub))?.balance).toBe(33);
    expect((await users.get(guest))?.balance).toBe(0);
    expect((await users.get(refundInFlightAccount(claimKey)))?.balance).toBe(0);
    expect(await deps.paymentOrders.get(ORDER_ID)).toMatchObject({ refundRefused: { keys: [claimKey] } });
  });
});
