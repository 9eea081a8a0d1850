import * as z from '../zod';
import {
  AppleMerchantValidationRequest,
  Page,
  PageQuery,
  PurchaseRequest,
  TopupRequest,
  Transaction,
  TransactionType,
} from '../schemas/transaction';
import {
  PayoutQuery,
  PayoutRequest,
  PayoutResolution,
  Withdrawal,
  WithdrawalPlan,
  WithdrawalRequest,
} from '../schemas/withdrawal';
import { lazySchema } from '../lazy-schema';
import { route, Ok, Id } from './route';

export const TopupStatus = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  /** pending until the gateway says settled (credited once), failed (deny/cancel), expired, or refunded after settling. */
  status: z.enum(['pending', 'settled', 'failed', 'expired', 'refunded']),
  amount: z.number().check(z.int()),
  paymentMethod: z.string(),
  /** QRIS: the QR string to render; e-wallets: a deeplink to open on phones. */
  qrString: z.nullable(z.string()),
  /** GoPay through Midtrans: the gateway's QR image (desktop); null where a qrString is given. */
  qrImageUrl: z.nullable(z.string()),
  deeplink: z.nullable(z.string()),
  /** A card: the gateway's hosted page the payer pays on (Midtrans Snap), while pending; null otherwise. */
  redirectUrl: z.nullable(z.string()),
  message: z.nullable(z.string()),
  createdAt: z.string(),
  /** When the gateway gives up on an unpaid charge (null when unknown). */
  expiresAt: z.nullable(z.string()),
}));
export const VendSessionResponse = /* @__PURE__ */ lazySchema(() => z.object({ sessionId: z.string(), status: z.string(), volume: z.number(), amount: z.number().check(z.int()) }));
/** The console's transaction filters; `from` and `to` are days in Bali (YYYY-MM-DD), both included. */
const transactionFilters = () => ({
  type: z.optional(TransactionType),
  userId: z.optional(z.string().check(z.maxLength(128))),
  machineId: z.optional(z.string().check(z.maxLength(64))),
  from: z.optional(z.iso.date({ error: 'Enter a date (YYYY-MM-DD)' })),
  to: z.optional(z.iso.date({ error: 'Enter a date (YYYY-MM-DD)' })),
});
const rangeInOrder = <T extends { from?: string; to?: string }>() => z.refine<T>((q) => !(q.from && q.to && q.from > q.to), { message: 'The end is before the start', path: ['to'] });
const AdminTransactionsQuery = /* @__PURE__ */ lazySchema(() => z.extend(PageQuery, transactionFilters()).check(rangeInOrder()));
/** An export is of a date range: at most 366 days, so one answer stays below Lambda's 6 MB at the network's size. */
const MAX_EXPORT_DAYS = 366;
const AdminTransactionsExportQuery = /* @__PURE__ */ lazySchema(() => z.object({
  ...transactionFilters(),
  from: z.iso.date({ error: 'Enter the first day (YYYY-MM-DD)' }),
  to: z.iso.date({ error: 'Enter the last day (YYYY-MM-DD)' }),
}).check(rangeInOrder(), z.refine((q) => Date.parse(q.to) - Date.parse(q.from) < MAX_EXPORT_DAYS * 86_400_000, { message: `At most ${MAX_EXPORT_DAYS} days at once`, path: ['from'] })));
export const AdminTransaction = /* @__PURE__ */ lazySchema(() => z.extend(Transaction, {
  userId: z.string(),
  username: z.nullable(z.string()),
  /** Rupiah as the ledger holds it: credits positive, debits negative (amount is its absolute value). */
  signedAmount: z.number().check(z.int()),
  /** Who caused it: the user, 'gateway', 'station:<id>', 'admin:<username>'. */
  actor: z.string(),
  /** What it is about: the top-up order, the vend session, or the admin's reason for an adjustment. */
  reference: z.string(),
}));
export const listTransactions = route({
  method: 'GET', path: '/api/transactions', auth: 'user', tag: 'account', money: true, summary: "The caller's transactions, newest first",
  query: PageQuery, response: /* @__PURE__ */ lazySchema(() => Page(Transaction)), access: { table: ['Query', 'BatchGetItem'] },
});
export const listUserTransactions = route({
  method: 'GET', path: '/api/users/{id}/transactions', auth: 'user', tag: 'account', money: true, summary: "A user's transactions (own id, or admin)",
  params: Id, query: PageQuery, response: /* @__PURE__ */ lazySchema(() => Page(Transaction)), access: { table: ['GetItem', 'Query'] },
});
export const topup = route({
  method: 'POST', path: '/api/wallet/topup', auth: 'user', tag: 'wallet', money: true, summary: 'Start a top-up (Idempotency-Key header)',
  body: TopupRequest, status: 202, response: TopupStatus, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true },
});
export const getTopup = route({
  method: 'GET', path: '/api/wallet/topup/{id}', auth: 'user', tag: 'wallet', money: true, summary: "A top-up's status (asks the gateway when a notification is overdue)",
  params: Id, response: TopupStatus, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true },
});
export const getWithdrawalPlan = route({
  method: 'GET', path: '/api/wallet/withdrawal-plan', auth: 'user', tag: 'wallet', money: true, summary: 'What withdrawing the whole balance would refund to which top-up, and what an admin would pay out instead and why',
  response: WithdrawalPlan, access: { table: ['GetItem', 'Query'] },
});
export const createWithdrawal = route({
  method: 'POST', path: '/api/wallet/withdrawals', auth: 'user', tag: 'wallet', money: true, summary: 'Withdraw the whole balance (Idempotency-Key header): refunds to the top-ups, newest first, within their refund windows; the rest becomes an admin payout request',
  body: WithdrawalRequest, status: 201, response: Withdrawal, access: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], paymentSecret: true, mail: true },
});
export const paymentNotification = route({
  method: 'POST', path: '/api/payments/notification', auth: 'public', tag: 'wallet', money: true, summary: 'Payment gateway webhook (signature checked)',
  body: /* @__PURE__ */ lazySchema(() => z.looseObject({})), response: Ok, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, signingKey: true, iotPublish: true, mail: true },
});
export const purchase = route({
  method: 'POST', path: '/api/purchase', auth: 'user', tag: 'wallet', money: true, summary: 'Pay for a refill with Google Pay or Apple Pay',
  body: PurchaseRequest, status: 201, response: VendSessionResponse, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, signingKey: 'sandbox', iotPublish: 'sandbox' },
});
export const validateAppleMerchant = route({
  method: 'POST', path: '/api/apple-pay/validate-merchant', auth: 'public', tag: 'wallet', money: true,
  summary: "Apple Pay merchant session (validation URLs on apple.com only): public, because a guest pays by Apple Pay at a station's page too",
  body: AppleMerchantValidationRequest, response: /* @__PURE__ */ lazySchema(() => z.looseObject({})), access: { paymentSecret: true },
});
export const adminListTransactions = route({
  method: 'GET', path: '/api/admin/transactions', auth: ['admin'], tag: 'money', money: true, summary: 'All transactions, newest first, filterable',
  query: AdminTransactionsQuery, response: /* @__PURE__ */ lazySchema(() => Page(AdminTransaction)), access: { table: ['Query', 'Query:GSI1', 'Query:GSI2', 'BatchGetItem'] },
});
export const adminExportTransactions = route({
  method: 'GET', path: '/api/admin/transactions/export', auth: ['admin'], tag: 'money', money: true,
  summary: "Every transaction of a date range in Bali (with the list's filters) as one CSV file, oldest first, times in Bali",
  query: AdminTransactionsExportQuery, response: /* @__PURE__ */ lazySchema(() => z.string()), access: { table: ['Query', 'Query:GSI1', 'Query:GSI2', 'BatchGetItem'] },
});
/** A day of the book: its Bali date. */
const BookDayQuery = /* @__PURE__ */ lazySchema(() => z.object({ date: z.iso.date({ error: 'Enter the day (YYYY-MM-DD)' }) }));
export const BookDay = /* @__PURE__ */ lazySchema(() => z.object({
  date: z.string(),
  gatewayIn: z.number(),
  refundsOut: z.number(),
  revenue: z.array(z.object({ stationId: z.string(), amount: z.number() })),
  walletsChange: z.number(),
  inFlightChange: z.number(),
  receivablesChange: z.number(),
  claims: z.number(),
  goodwill: z.number(),
  manualPayouts: z.number(),
  debits: z.number(),
  credits: z.number(),
  transactions: z.number(),
  unbalanced: z.number(),
  now: z.object({ held: z.number(), owed: z.number() }),
}));
export const adminBookDay = route({
  method: 'GET', path: '/api/admin/book', auth: ['admin'], secondFactor: true, tag: 'money', money: true,
  summary: 'One day of the book (Bali): money in from the gateway, refunds out, revenue per station, the change in wallets and receivables, claims, goodwill and payouts by hand',
  query: BookDayQuery, response: BookDay, access: { table: ['Query:GSI1', 'BatchGetItem'] },
});
export const adminJournal = route({
  method: 'GET', path: '/api/admin/journal', auth: ['admin'], secondFactor: true, tag: 'money', money: true,
  summary: "The journal of one day (Bali) as CSV: one line per account debited or credited (date, transaction, account, debit, credit, reference); the day's debits equal its credits",
  query: BookDayQuery, response: /* @__PURE__ */ lazySchema(() => z.string()), access: { table: ['Query:GSI1'] },
});
export const adminListPayouts = route({
  method: 'GET', path: '/api/admin/payouts', auth: ['admin'], tag: 'money', money: true, summary: 'Payout requests of one status (open by default), newest first: withdrawals the gateway could not refund',
  query: PayoutQuery, response: /* @__PURE__ */ lazySchema(() => z.array(PayoutRequest)), access: { table: ['Query:GSI1'] },
});
export const adminResolvePayout = route({
  method: 'POST', path: '/api/admin/payouts/{id}/resolve', auth: ['admin'], secondFactor: true, tag: 'money', money: true, summary: 'Close a payout request: paid (sent outside the gateway) or returned to the wallet (a ledger credit), with a note (audited)',
  params: Id, body: PayoutResolution, response: PayoutRequest, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], mail: true },
});
