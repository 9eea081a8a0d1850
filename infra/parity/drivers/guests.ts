import { isDeepStrictEqual } from 'node:util';
import { receiptSecretFor } from '@functions/guests/domain/guest-orders';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { orderIdFor } from '@functions/wallet/domain/payment-orders';
import { paidSessionId } from '@functions/vending/domain/vend-paid';
import { guestRefundKeys, refundInFlightAccount } from '@functions/wallet/ports/payment-orders';
import { newKey, type Driver, type HttpCase, type Scenario } from '../drive';
import { is, list, notAdmin, orderMadeAgo, record } from './helpers';
import { GUEST_ORDERS, type GuestOrderName } from './values';

const guestOrderId = (key: string) => orderIdFor('guest', 'guest', key);
/** One of the scenario's guest orders (GUEST_ORDERS): its Idempotency-Key, made the first time a driver names it, and what follows from it. */
export const guest = (s: Scenario, name: GuestOrderName) => {
  const key = ((s.values.guestOrderKeys ??= {})[name] ??= newKey());
  const orderId = guestOrderId(key);
  return { key, orderId, secret: receiptSecretFor(key), sessionId: paidSessionId(orderId) };
};
const guestEmail = (name: GuestOrderName) => `guest.${name.toLowerCase()}@example.com`;
/** The guest's request for the order (the same again is the same order): a litre where a station dispenses, else half. */
const guestOrderBody = (s: Scenario, name: GuestOrderName) => ({
  stationId: s.station.id, volumeMl: ['incident', 'completed', 'polled'].includes(name) ? 1000 : 500, paymentMethod: 'qris', email: guestEmail(name),
});
const newGuestOrder = (name: GuestOrderName, why: string): HttpCase => ({
  name: `takes a guest order (${why}): charged at the gateway, its page shows the QR code while it waits`,
  headers: (s) => ({ 'idempotency-key': guest(s, name).key }),
  body: (s) => guestOrderBody(s, name),
  expect: 201,
  check: ({ body }, s) => is(record(body).status === 'waiting_payment' && typeof record(record(body).payment).qrString === 'string' && s.app.cloud.midtrans.charged(guest(s, name).orderId), `order ${JSON.stringify(body)}`),
});
/** The webhook answered Midtrans' notification of the order with `status`, as the scenario needs. */
function notifiedWith(answered: number, orderId: string, status: number): void {
  if (answered !== status) throw new Error(`the webhook answered Midtrans' notification of ${orderId} with ${answered}, expected ${status}`);
}
/** The vend token the station received for a paid guest order's session. */
export const vendToken = (s: Scenario, sessionId: string) => s.reply('vend/authorized', (p) => p.sessionId === sessionId);
const refundedInFull = (body: unknown) => is(record(body).status === 'done' && record(body).paidIdr === record(body).amountIdr && record(body).refundedIdr === record(body).amountIdr, `expected a paid order refunded in full, got ${JSON.stringify(body)}`);
export const mailed = (s: Scenario, name: GuestOrderName, subject: string) => is(s.mailTo(guestEmail(name)).some((sent) => sent.startsWith(subject)), `no "${subject}" e-mail to ${guestEmail(name)}: ${JSON.stringify(s.mailTo(guestEmail(name)))}`);
export const receiptMailed = (s: Scenario, name: GuestOrderName) => mailed(s, name, 'Your Bali Refill receipt');

/** Guest orders: a refill paid without an account, its receipt, its claims, refunds the gateway refused (shared/routes/guests.ts). */
export const guests = {
  'Api/createGuestOrder': {
    http: [
      { ...newGuestOrder('waiting', 'nobody pays it'), before: (s) => s.configurePayments() },
      ...(['incident', 'completed', 'polled', 'polledLate', 'recovered', 'recoveredLate', 'refused', 'kept'] as const).map((name) => newGuestOrder(name, GUEST_ORDERS[name])),
      {
        name: 'starts the refill of an order whose notification stopped before its session (DynamoDB failed a moment): the same request again opens it, and the station receives its vend token',
        before: async (s) => {
          const order = guest(s, 'recovered');
          s.app.cloud.midtrans.pay(order.orderId);
          notifiedWith(await s.notifyWhileDynamoFails(order.orderId, 'GetItem', [`VEND#${order.sessionId}`]), order.orderId, 500);
        },
        headers: (s) => ({ 'idempotency-key': guest(s, 'recovered').key }),
        body: (s) => guestOrderBody(s, 'recovered'),
        expect: 201,
        check: async ({ body }, s) => is(record(body).status === 'press_start', `order ${JSON.stringify(body)}`) ?? is(await vendToken(s, guest(s, 'recovered').sessionId), 'the station received no vend/authorized over MQTT'),
      },
      {
        name: 'refunds in full an order paid more than 10 minutes after it was made whose notification stopped before deciding: the same request again closes it and e-mails the receipt',
        before: async (s) => {
          const order = guest(s, 'recoveredLate');
          await orderMadeAgo(s, keys.guestOrder(order.orderId), 11);
          s.app.cloud.midtrans.pay(order.orderId);
          notifiedWith(await s.notifyWhileDynamoFails(order.orderId, 'UpdateItem', [`GUEST#${order.orderId}`, 'sessionStatus']), order.orderId, 500);
        },
        headers: (s) => ({ 'idempotency-key': guest(s, 'recoveredLate').key }),
        body: (s) => guestOrderBody(s, 'recoveredLate'),
        expect: 201,
        check: ({ body }, s) => refundedInFull(body) ?? receiptMailed(s, 'recoveredLate'),
      },
      { name: 'refuses a volume below 100 ml', headers: () => ({ 'idempotency-key': newKey() }), body: (s) => ({ stationId: s.station.id, volumeMl: 10, paymentMethod: 'qris' }), expect: 400 },
    ],
  },
  'Api/getGuestOrder': {
    http: [
      {
        // The order and the receipt's secret follow from the Idempotency-Key (functions/guests/domain/guest-orders.ts).
        name: 'reads the waiting order with its receipt secret (the gateway says pending)',
        params: (s) => ({ id: guest(s, 'waiting').orderId }),
        query: (s) => ({ secret: guest(s, 'waiting').secret }),
        expect: 200,
        check: ({ body }) => is(record(body).status === 'waiting_payment' && record(body).paidIdr === 0, `expected a waiting order, got ${JSON.stringify(body)}`),
      },
      {
        name: "starts the refill of an order paid while its notification is overdue: the page's poll asks the gateway, and the station receives its vend token",
        before: async (s) => {
          s.app.cloud.midtrans.pay(guest(s, 'polled').orderId);
          await orderMadeAgo(s, keys.guestOrder(guest(s, 'polled').orderId), 1);
        },
        params: (s) => ({ id: guest(s, 'polled').orderId }),
        query: (s) => ({ secret: guest(s, 'polled').secret }),
        expect: 200,
        check: async ({ body }, s) => is(record(body).status === 'press_start', `order ${JSON.stringify(body)}`) ?? is(await vendToken(s, guest(s, 'polled').sessionId), 'the station received no vend/authorized over MQTT'),
      },
      {
        name: 'refunds in full an order the poll finds paid after its 10 minutes, and e-mails the receipt',
        before: async (s) => {
          await orderMadeAgo(s, keys.guestOrder(guest(s, 'polledLate').orderId), 11);
          s.app.cloud.midtrans.pay(guest(s, 'polledLate').orderId);
        },
        params: (s) => ({ id: guest(s, 'polledLate').orderId }),
        query: (s) => ({ secret: guest(s, 'polledLate').secret }),
        expect: 200,
        check: ({ body }, s) => refundedInFull(body) ?? receiptMailed(s, 'polledLate'),
      },
      { name: 'answers 404 without the secret', params: (s) => ({ id: guest(s, 'waiting').orderId }), query: { secret: 'not-the-receipt-secret-at-all' }, expect: 404 },
    ],
  },
  'Stations/guestSessionClosed': {
    // The table's stream, filtered to guest orders' sessions as they close: the order is refunded and receipted.
    tableChange: [
      {
        name: 'leaves the guest order whose payment has not settled for a later try',
        key: (s) => keys.vendSession(guest(s, 'waiting').sessionId),
        change: (item) => ({ ...item, status: 'completed', dispensedMl: 0, charged: 0 }),
        check: (result) => is(isDeepStrictEqual(record(result).outcomes, { unsettled: 1 }) && list(record(result).batchItemFailures).length === 1, `settle ${JSON.stringify(result)}`),
      },
      {
        name: 'passes over the closed session of an order that does not exist',
        key: () => keys.vendSession(paidSessionId(guestOrderId('no-such-order-key'))),
        change: (item) => ({ ...item, status: 'expired' }),
        check: (result) => is(isDeepStrictEqual(record(result).outcomes, { 'not-guest': 1 }) && list(record(result).batchItemFailures).length === 0, `settle ${JSON.stringify(result)}`),
      },
      {
        name: 'asks again for a refund left in flight, and leaves the order whose payment has not settled for a later try',
        key: (s) => keys.user(refundInFlightAccount(guestRefundKeys.unused(guest(s, 'waiting').orderId))),
        change: (item) => ({ ...item, balance: 500, bookAccount: true }),
        check: (result) => is(isDeepStrictEqual(record(result).outcomes, { unsettled: 1 }) && list(record(result).batchItemFailures).length === 1, `settle ${JSON.stringify(result)}`),
      },
      ...(['incident', 'completed'] as const).map((name) => ({
        name: `refunds what the refill did not dispense through the gateway, closes the order and e-mails its receipt (${GUEST_ORDERS[name]})`,
        key: (s: Scenario) => keys.vendSession(guest(s, name).sessionId),
        // The station's report (or the operator's resolution) closed the session: the stream hands on the write.
        change: (item: Record<string, unknown>) => item,
        check: (result: unknown, s: Scenario) => is(isDeepStrictEqual(record(result).outcomes, { settled: 1 }), `settle ${JSON.stringify(result)}`) ?? receiptMailed(s, name),
      })),
    ],
  },
  'Api/createGuestClaim': {
    http: [
      { name: 'refuses a claim on a refill still in progress', params: (s) => ({ id: guest(s, 'waiting').orderId }), body: (s) => ({ secret: guest(s, 'waiting').secret, kind: 'not_dispensed', email: guestEmail('waiting') }), expect: 409 },
      {
        name: "credits at once a claim the station's own record supports (its incident), refunds the credit through the gateway and e-mails the guest",
        params: (s) => ({ id: guest(s, 'incident').orderId }),
        body: (s) => ({ secret: guest(s, 'incident').secret, kind: 'dispensed_less', email: guestEmail('incident') }),
        expect: 201,
        check: ({ body }, s) => is(record(record(body).claim).status === 'credited' && record(body).refundedIdr === record(body).amountIdr, `order ${JSON.stringify(body)}`) ?? mailed(s, 'incident', 'Your refill claim'),
      },
      {
        name: 'queues for an admin a claim the record does not support',
        params: (s) => ({ id: guest(s, 'completed').orderId }),
        body: (s) => ({ secret: guest(s, 'completed').secret, kind: 'dispensed_less', note: 'Parity: the bottle was half full', whatsapp: '+6281234567890' }),
        expect: 201,
        check: ({ body }) => is(record(record(body).claim).status === 'pending', `order ${JSON.stringify(body)}`),
      },
      { name: 'answers 404 without the secret', params: (s) => ({ id: guest(s, 'waiting').orderId }), body: { secret: 'not-the-receipt-secret-at-all', kind: 'not_dispensed', email: 'nobody@example.com' }, expect: 404 },
    ],
  },
  'Api/claimGuestOrder': {
    http: [
      { name: 'refuses to keep a receipt that is not final yet', as: 'user', params: (s) => ({ id: guest(s, 'waiting').orderId }), body: (s) => ({ secret: guest(s, 'waiting').secret }), expect: 409 },
      {
        name: "keeps a finished guest receipt in the caller's account: its litres count in their impact",
        as: 'user',
        params: (s) => ({ id: guest(s, 'incident').orderId }),
        body: (s) => ({ secret: guest(s, 'incident').secret }),
        expect: 200,
        check: ({ body }) => is(Number(record(body).dispensedMl) > 0, `claimed ${JSON.stringify(body)}`),
      },
      {
        name: "keeps a receipt whose refund the gateway refused: what the guest account held becomes the keeper's wallet credit",
        as: 'host',
        params: (s) => ({ id: guest(s, 'kept').orderId }),
        body: (s) => ({ secret: guest(s, 'kept').secret }),
        expect: 200,
        check: ({ body }) => is(Number(record(body).creditedIdr) > 0, `claimed ${JSON.stringify(body)}`),
      },
      { name: 'answers 404 without the secret', as: 'user', params: (s) => ({ id: guest(s, 'waiting').orderId }), body: { secret: 'not-the-receipt-secret-at-all' }, expect: 404 },
    ],
  },
  'Api/adminListHeldGuestRefunds': {
    http: [{ name: 'lists the guest refund the gateway refused', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((r) => r.orderId === guest(s, 'refused').orderId), `expected the refused refund, got ${JSON.stringify(body)}`) }, notAdmin()],
  },
  'Api/adminPayOutGuestRefund': {
    http: [
      {
        name: 'records the held guest refund paid out by hand',
        as: 'admin',
        params: (s) => ({ id: guest(s, 'refused').orderId }),
        body: { note: 'Parity: bank transfer' },
        expect: 200,
        check: ({ body }) => is(record(body).heldIdr === 0, `held ${JSON.stringify(body)}`),
      },
      { name: 'answers 404 for an order without a refused refund', as: 'admin', params: { id: 'GO-00000000000000000000000000000000' }, body: { note: 'Parity: bank transfer' }, expect: 404 },
      { name: 'refuses a pay-out without a note', as: 'admin', params: { id: 'GO-00000000000000000000000000000000' }, body: {}, expect: 400 },
    ],
  },
} satisfies Record<string, Driver>;
