import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { baliDate } from '@shared/bali-time';
import { newKey, type Driver, type HttpCase, type Scenario } from '../drive';
import { guest, receiptMailed, vendToken } from './guests';
import { is, list, notAdmin, orderMadeAgo, record } from './helpers';
import { GUEST_ORDERS } from './values';

const PAYMENTS_NOT_CONFIGURED = (answer: { body: unknown }) => is(record(answer.body).message === 'Payments are not configured', `expected "Payments are not configured", got ${JSON.stringify(answer.body)}`);

/** The user's money: top-ups and the payment gateway's notifications, purchases, transactions, the book, withdrawals and payouts (shared/routes/wallet.ts). */
export const wallet = {
  // Payments: a default deployment has no gateway key (503, nothing charged); then the scenario puts one in, as the
  // operator does, and every payment path runs against the stand-in of Midtrans (infra/parity/midtrans.ts).
  'Api/topup': {
    http: [
      { name: 'answers 503 while no gateway key is configured', as: 'user', headers: () => ({ 'idempotency-key': newKey() }), body: { amount: 20_000, paymentMethod: 'qris' }, expect: 503, check: PAYMENTS_NOT_CONFIGURED },
      {
        name: 'charges a QRIS top-up at the gateway once the operator put its server key in: pending, with the QR code',
        before: (s) => s.configurePayments(),
        as: 'user',
        headers: () => ({ 'idempotency-key': newKey() }),
        body: { amount: 20_000, paymentMethod: 'qris' },
        expect: 202,
        check: ({ body }, s) => (s.values.paidTopup = String(record(body).id), is(record(body).status === 'pending' && typeof record(body).qrString === 'string' && s.app.cloud.midtrans.charged(String(record(body).id)), `top-up ${JSON.stringify(body)}`)),
      },
      {
        name: "charges a GoPay top-up: pending, with the GoPay app's deeplink",
        as: 'user',
        headers: () => ({ 'idempotency-key': newKey() }),
        body: { amount: 15_000, paymentMethod: 'gopay' },
        expect: 202,
        check: ({ body }, s) => (s.values.polledTopup = String(record(body).id), is(record(body).status === 'pending' && typeof record(body).deeplink === 'string', `top-up ${JSON.stringify(body)}`)),
      },
      {
        name: "starts a card top-up on the gateway's hosted page (Snap): pending, with the page's address, nothing credited",
        as: 'user',
        headers: () => ({ 'idempotency-key': newKey() }),
        body: { amount: 12_000, paymentMethod: 'card' },
        expect: 202,
        check: ({ body }, s) => (s.values.cardTopup = String(record(body).id), is(record(body).status === 'pending' && String(record(body).redirectUrl).startsWith('https://app.sandbox.midtrans.com/snap/') && s.app.cloud.midtrans.charged(String(record(body).id)), `top-up ${JSON.stringify(body)}`)),
      },
      { name: 'refuses an amount below the minimum', as: 'user', headers: () => ({ 'idempotency-key': newKey() }), body: { amount: 1, paymentMethod: 'qris' }, expect: 400 },
    ],
  },
  'Api/purchase': {
    http: [
      {
        name: 'answers 422 to a Google Pay refill: the live gateway (Midtrans) takes no card wallets, so the order fails and nothing starts',
        before: (s) => s.configurePayments(),
        as: 'user',
        headers: () => ({ 'idempotency-key': newKey() }),
        body: (s) => ({ machineId: s.station.id, volume: 1, walletToken: 'parity-wallet-token', paymentMethod: 'google_pay' }),
        expect: 422,
        check: ({ body }) => is(record(body).message === 'Google Pay is not enabled for this payment gateway', `expected Midtrans' refusal, got ${JSON.stringify(body)}`),
      },
      { name: 'refuses a volume above 20 litres', as: 'user', headers: () => ({ 'idempotency-key': newKey() }), body: (s) => ({ machineId: s.station.id, volume: 50, walletToken: 'x', paymentMethod: 'google_pay' }), expect: 400 },
    ],
  },
  'Api/paymentNotification': {
    http: [
      {
        name: "credits a top-up the payer paid, once the gateway's status API confirms the notification",
        before: (s) => s.app.cloud.midtrans.pay(s.kept('paidTopup')),
        body: (s) => s.app.cloud.midtrans.notification(s.kept('paidTopup')),
        expect: 200,
        check: async (_, s) => is((await s.item(keys.topup(s.kept('paidTopup'))))?.status === 'settled', 'the top-up was not credited'),
      },
      {
        name: 'credits a card top-up paid on the hosted page, once the status API confirms it',
        before: (s) => s.app.cloud.midtrans.pay(s.kept('cardTopup')),
        body: (s) => s.app.cloud.midtrans.notification(s.kept('cardTopup')),
        expect: 200,
        check: async (_, s) => is((await s.item(keys.topup(s.kept('cardTopup'))))?.status === 'settled', 'the card top-up was not credited'),
      },
      ...(['incident', 'completed'] as const).map((name): HttpCase => ({
        name: `starts the refill of a paid guest order: the station receives its vend token (${GUEST_ORDERS[name]})`,
        before: (s) => s.app.cloud.midtrans.pay(guest(s, name).orderId),
        body: (s) => s.app.cloud.midtrans.notification(guest(s, name).orderId),
        expect: 200,
        check: async (_, s) => is(await vendToken(s, guest(s, name).sessionId), 'the station received no vend/authorized over MQTT'),
      })),
      ...(['refused', 'kept'] as const).map((name): HttpCase => ({
        name: `refunds in full a guest order paid after its 10 minutes; the gateway refuses the refund, so the money is held for the guest and the receipt says so (${name})`,
        before: async (s) => {
          const order = guest(s, name);
          await orderMadeAgo(s, keys.guestOrder(order.orderId), 11);
          s.app.cloud.midtrans.pay(order.orderId);
          s.app.cloud.midtrans.refuseRefunds(order.orderId);
        },
        body: (s) => s.app.cloud.midtrans.notification(guest(s, name).orderId),
        expect: 200,
        check: async (_, s) => {
          const order = await s.item(keys.guestOrder(guest(s, name).orderId));
          return is(order?.refundRefused && order.closedAt, `order ${JSON.stringify(order)}`) ?? receiptMailed(s, name);
        },
      })),
      { name: "refuses a notification not signed with the server key", body: (s) => ({ ...s.app.cloud.midtrans.notification(s.kept('paidTopup')), signature_key: '0'.repeat(128) }), expect: 403 },
    ],
  },
  'Api/getTopup': {
    http: [
      {
        name: "credits a top-up paid while its notification is overdue: the page's poll asks the gateway's status",
        before: async (s) => {
          s.app.cloud.midtrans.pay(s.kept('polledTopup'));
          await orderMadeAgo(s, keys.topup(s.kept('polledTopup')), 1);
        },
        as: 'user',
        params: (s) => ({ id: s.kept('polledTopup') }),
        expect: 200,
        check: ({ body }) => is(record(body).status === 'settled', `top-up ${JSON.stringify(body)}`),
      },
      { name: 'answers 404 for a top-up that does not exist', as: 'user', params: { id: 'no-such-topup' }, expect: 404 },
    ],
  },
  'Api/listTransactions': {
    http: [
      { name: "lists the caller's transactions", as: 'user', expect: 200, check: ({ body }) => is(list(body).some((t) => t.type === 'purchase'), 'the settled vend is missing') },
      { name: 'refuses a page size of 0', as: 'user', query: { limit: '0' }, expect: 400 },
    ],
  },
  'Api/listUserTransactions': {
    http: [
      { name: "lists the user's own transactions", as: 'user', params: (s) => ({ id: s.userSub }), expect: 200 },
      { name: "lists a user's transactions for an admin", as: 'admin', params: (s) => ({ id: s.userSub }), expect: 200, check: ({ body }) => is(list(body).length > 0, 'no transactions') },
      { name: "refuses another user's transactions", as: 'user', params: (s) => ({ id: s.adminSub }), expect: 403 },
    ],
  },
  'Api/adminListTransactions': {
    http: [
      { name: "lists one user's transactions", as: 'admin', query: (s) => ({ userId: s.userSub }), expect: 200, check: ({ body }) => is(list(body).length >= 2, 'expected the adjustment and the vend') },
      { name: 'lists every transaction, newest first', as: 'admin', expect: 200, check: ({ body }) => is(list(body).length >= 2 && list(body).some((t) => t.username !== null), `transactions ${JSON.stringify(body).slice(0, 300)}`) },
      { name: "lists one station's purchases", as: 'admin', query: (s) => ({ machineId: s.station.id }), expect: 200, check: ({ body }) => is(list(body).length > 0 && list(body).every((t) => t.type === 'purchase'), `purchases ${JSON.stringify(body).slice(0, 300)}`) },
      notAdmin(),
    ],
  },
  'Api/adminExportTransactions': {
    http: [
      {
        name: "exports the user's transactions of the range as CSV, times in Bali", as: 'admin', expect: 200,
        query: (s) => ({ userId: s.userSub, from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), to: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) }),
        check: ({ body }, s) => is(typeof body === 'string' && body.startsWith('\uFEFFTransaction ID,Date (Bali time)') && body.split('\r\n').filter((line) => line.includes(s.userSub)).length >= 2, `expected the adjustment and the vend in CSV, got ${String(body).slice(0, 300)}`),
      },
      ...([['every transaction', () => ({})], ["one station's purchases", (s: Scenario) => ({ machineId: s.station.id })]] as const).map(([what, filter]): HttpCase => ({
        name: `exports ${what} of the range as CSV`, as: 'admin', expect: 200,
        query: (s) => ({ ...filter(s), from: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), to: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) }),
        check: ({ body }) => is(typeof body === 'string' && body.split('\r\n').length > 2, `expected rows, got ${String(body).slice(0, 300)}`),
      })),
      { name: 'refuses a range without its first day', as: 'admin', query: { to: '2026-11-30' }, expect: 400 },
      notAdmin({ query: { from: '2026-11-01', to: '2026-11-30' } }),
    ],
  },
  'Api/adminBookDay': {
    http: [
      {
        name: "reads today's book, its debits equal to its credits", as: 'admin', expect: 200, query: () => ({ date: baliDate() }),
        check: ({ body }) => is(record(body).debits === record(body).credits && Number(record(body).transactions) >= 1 && record(body).unbalanced === 0, `expected a balanced day, got ${JSON.stringify(body)}`),
      },
      { name: 'refuses a day to come', as: 'admin', query: { date: '2999-01-01' }, expect: 400 },
      notAdmin({ query: { date: '2026-11-01' } }),
    ],
  },
  'Api/adminJournal': {
    http: [
      {
        name: "exports today's journal as CSV, one line per account", as: 'admin', expect: 200, query: () => ({ date: baliDate() }),
        check: ({ body }) => is(typeof body === 'string' && body.startsWith('\uFEFFDate (Bali time),Transaction,Account,Debit (IDR),Credit (IDR),Reference') && /,(goodwill|gateway|revenue:[^,]+),/.test(body), `expected the journal with the book's own accounts, got ${String(body).slice(0, 300)}`),
      },
      { name: 'refuses a day that is not a date', as: 'admin', query: { date: 'yesterday' }, expect: 400 },
      notAdmin({ query: { date: '2026-11-01' } }),
    ],
  },
  'Api/validateAppleMerchant': {
    http: [
      { name: 'answers 503 while Apple Pay is not configured', as: 'user', body: { validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domainName: 'refill.example' }, expect: 503 },
      { name: 'refuses a validation URL outside apple.com', as: 'user', body: { validationURL: 'https://example.com/startSession', domainName: 'refill.example' }, expect: 400 },
    ],
  },
  // Withdrawing the whole balance: its top-ups refunded through the gateway, the admin's credit a payout request.
  'Api/getWithdrawalPlan': {
    http: [{
      name: 'shows what a withdrawal would refund to which top-up and pay out',
      as: 'user',
      expect: 200,
      check: ({ body }, s) => {
        const plan = record(body);
        s.values.withdrawable = Number(plan.balanceIdr);
        return is(Number(plan.refundIdr) > 0 && Number(plan.payoutIdr) > 0 && Number(plan.refundIdr) + Number(plan.payoutIdr) === Number(plan.balanceIdr), `plan ${JSON.stringify(body)}`);
      },
    }],
  },
  'Api/createWithdrawal': {
    http: [
      { name: 'refuses a balance other than the one shown', as: 'user', headers: () => ({ 'idempotency-key': newKey() }), body: { expectedBalance: 1 }, expect: 409 },
      {
        name: 'withdraws the balance: its top-ups refunded through the gateway, the rest a payout request, each e-mailed',
        as: 'user',
        headers: () => ({ 'idempotency-key': newKey() }),
        body: (s) => ({ expectedBalance: s.kept('withdrawable'), payoutDestination: { kind: 'ewallet', provider: 'gopay', phone: '081234567890' } }),
        expect: 201,
        check: ({ body }, s) => (s.values.payoutId = String(record(body).id), is(record(body).payoutStatus === 'open' && Number(record(body).refundIdr) > 0, `withdrawal ${JSON.stringify(body)}`) ??
          is(s.mailTo(s.account[0]!.username).some((subject) => subject.includes('will be paid out to you')), 'no payout e-mail')),
      },
    ],
  },
  'Api/adminListPayouts': {
    http: [{ name: 'lists the open payout request', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((p) => p.id === s.kept('payoutId')), 'the payout request is missing') }, notAdmin()],
  },
  'Api/adminResolvePayout': {
    http: [
      {
        name: 'returns the payout to the wallet and e-mails the user',
        as: 'admin',
        params: (s) => ({ id: s.kept('payoutId') }),
        body: { outcome: 'returned', note: 'Parity: back to the wallet' },
        expect: 200,
        check: ({ body }, s) => is(record(body).status === 'returned', `status ${String(record(body).status)}`) ?? is(s.mailTo(s.account[0]!.username).some((subject) => subject.startsWith('Bali Refill: your payout')), 'no payout e-mail'),
      },
      { name: 'answers 404 for an unknown payout request', as: 'admin', params: { id: 'no-such-payout' }, body: { outcome: 'paid', transferReference: 'TRF-0001' }, expect: 404 },
    ],
  },
} satisfies Record<string, Driver>;
