import { createHash } from 'node:crypto';
import type { Language, Localized } from '@shared/language';
import { formatRupiah } from '@shared/money';
import { REFUND_WINDOW_DAYS, type PaymentMethod, type PayoutLine, type PayoutReason, type PayoutRequest, type Withdrawal, type WithdrawalPlan } from '@shared/schemas';
import { consoleLog } from '../ports/log';
import type { Mailer } from '../ports/mailer';
import { GatewayRejected, GatewayUnavailable, type GatewayRefund } from '../ports/payment-gateway';
import type { PaymentOrder } from '../ports/payment-orders';
import type { Users } from '../ports/users';
import { TransactionPartRejected } from '../ports/transaction';
import { isWithdrawalId, WITHDRAWAL_ID_PREFIX, type PlannedRefund, type WithdrawalRecord, type Withdrawals } from '../ports/withdrawals';
import type { SignedInPerson } from './users';
import { conflict, notFound, unavailable } from './errors';
import { orderKind, requireIdempotencyKey } from './payment-orders';
import type { PaymentDeps } from './payment-deps';
import { takeBackRefunds } from './payment-reports';
import * as texts from './texts';

/**
 * Withdrawing the unused balance (docs/payments.md, "Withdrawals"). The whole balance is first moved out of the
 * wallet into the withdrawal's own account, in the transaction that creates the withdrawal (the reservation): from
 * then on nothing of it can be spent on water, however long the rest takes. The gateway money in it is refunded to
 * the user's settled top-ups, newest first, as far as each is still within its method's refund window
 * (REFUND_WINDOW_DAYS); what cannot be refunded automatically (window passed, a card wallet, credit that did not come
 * from a top-up, a refund the gateway refused) stays in the account as the admin's payout request, with the reason.
 * Each refund is asked of the gateway under the withdrawal's id as refund key, then taken out of the withdrawal's
 * account by takeBackRefunds with the same key. So every step is idempotent, and the same Idempotency-Key again
 * finishes an interrupted withdrawal (one request at a time: a lease) or answers the finished one; one interrupted
 * for long is voided, its reservation back in the wallet, when the user starts another.
 */

export interface WithdrawalDeps extends PaymentDeps {
  users: Users;
  withdrawals: Withdrawals;
  mailer?: Mailer;
}

const DAY_MS = 86_400_000;
/** A withdrawal interrupted for longer than this no longer keeps the user from starting another. */
const STALE_WITHDRAWAL_MS = 15 * 60_000;
/** How many of the user's ledger entries are read, at most, to find their top-ups (newest first). */
const ENTRY_PAGES = 20;
const ENTRY_PAGE_SIZE = 100;
/** How long one request may carry a withdrawal out before another may resume or void it (a function runs 10 s at most). */
const LEASE_MS = 60_000;
const LONGEST_WINDOW_DAYS = Math.max(...Object.values(REFUND_WINDOW_DAYS).map((days) => days ?? 0));

/** `WD-` + 24 hex of the user and their Idempotency-Key: the record's id and the gateway refund key (Midtrans: at most 50). */
export const withdrawalIdFor = (userId: string, idempotencyKey: string) => `${WITHDRAWAL_ID_PREFIX}${createHash('sha256').update(`withdrawal\n${userId}\n${idempotencyKey}`).digest('hex').slice(0, 24)}`;
const reserveKey = (withdrawalId: string) => `withdrawal-reserve:${withdrawalId}`;
const voidKey = (withdrawalId: string) => `withdrawal-void:${withdrawalId}`;
const paidOutKey = (withdrawalId: string) => `payout-paid:${withdrawalId}`;
const returnKey = (withdrawalId: string) => `payout-returned:${withdrawalId}`;

/** When a top-up stops being refundable at the gateway (null: its method is never refunded automatically). */
function refundableUntil(method: PaymentMethod, paidAt: string): string | null {
  const days = REFUND_WINDOW_DAYS[method];
  return days === null ? null : new Date(Date.parse(paidAt) + days * DAY_MS).toISOString();
}

/** A settled top-up with what is left of it to refund. */
interface Candidate {
  order: PaymentOrder;
  paidAt: string;
  left: number;
  until: string | null;
}

/**
 * The user's settled top-ups with something left to refund, newest first: every one still inside the longest refund
 * window, then older ones until they add up to the balance (to say where the rest came from); and the credit the
 * wallet got from Bali Refill itself (claims, goodwill, an admin's credit), which never goes back to a gateway.
 */
async function candidatesOf(userId: string, balance: number, now: Date, deps: Pick<WithdrawalDeps, 'ledger' | 'paymentOrders'>): Promise<{ candidates: Candidate[]; ownCredit: number }> {
  const found: Candidate[] = [];
  let total = 0;
  let ownCredit = 0;
  let cursor: string | undefined;
  const oldestInWindow = now.getTime() - LONGEST_WINDOW_DAYS * DAY_MS;
  for (let page = 0; page < ENTRY_PAGES; page++) {
    const { items, nextCursor } = await deps.ledger.entries(userId, { limit: ENTRY_PAGE_SIZE, cursor, visibleOnly: true });
    // A withdrawal's money coming back (voided, or its payout returned) was the wallet's own before: not a credit.
    ownCredit += sum(items.filter((entry) => entry.amount > 0 && entry.type !== 'topup' && !isWithdrawalId(entry.reference)).map((entry) => entry.amount));
    const topups = items.filter((entry) => entry.type === 'topup' && orderKind(entry.reference) === 'topup');
    const orders = await Promise.all(topups.map((entry) => deps.paymentOrders.get(entry.reference)));
    for (const [i, order] of orders.entries()) {
      if (!order || order.userId !== userId || (order.status !== 'settled' && order.status !== 'refunded')) continue;
      const left = order.amount - (order.refunded ?? 0);
      if (left <= 0) continue;
      const paidAt = order.creditedAt ?? topups[i]!.createdAt;
      found.push({ order, paidAt, left, until: refundableUntil(order.paymentMethod, paidAt) });
      total += left;
    }
    const oldest = items.at(-1)?.createdAt;
    if (!nextCursor || (total >= balance && oldest !== undefined && Date.parse(oldest) < oldestInWindow)) break;
    cursor = nextCursor;
  }
  return { candidates: found, ownCredit };
}

/**
 * Splits the balance: the credit Bali Refill gave (claims, goodwill, an admin's) is counted as still in the wallet
 * first and never refunded to a gateway; the rest first over the top-ups still refundable, newest first; what is
 * left is attributed to the top-ups that are not (newest first, with why), and the rest did not come from a top-up.
 */
function allocate(balance: number, { candidates, ownCredit }: { candidates: Candidate[]; ownCredit: number }, now: Date): { refunds: PlannedRefund[]; payout: PayoutLine[] } {
  const notGateway = Math.min(balance, ownCredit);
  let left = balance - notGateway;
  const refunds: PlannedRefund[] = [];
  const payout: PayoutLine[] = [];
  const refundable = (c: Candidate) => c.until !== null && now.getTime() < Date.parse(c.until);
  for (const c of candidates.filter(refundable)) {
    if (left <= 0) break;
    const amount = Math.min(left, c.left);
    refunds.push({ orderId: c.order.orderId, paymentMethod: c.order.paymentMethod, paidAt: c.paidAt, paid: c.order.amount, amount, refundableUntil: c.until! });
    left -= amount;
  }
  for (const c of candidates.filter((x) => !refundable(x))) {
    if (left <= 0) break;
    const amount = Math.min(left, c.left);
    const reason: PayoutReason = c.until === null ? 'method_not_refundable' : 'window_passed';
    payout.push({ amountIdr: amount, reason, orderId: c.order.orderId, paymentMethod: c.order.paymentMethod, paidAt: c.paidAt, refundableUntil: c.until, detail: null });
    left -= amount;
  }
  left += notGateway;
  if (left > 0) payout.push({ amountIdr: left, reason: 'not_from_topup', orderId: null, paymentMethod: null, paidAt: null, refundableUntil: null, detail: null });
  return { refunds, payout };
}

const sum = (amounts: number[]) => amounts.reduce((s, a) => s + a, 0);

function planView(balance: number, refunds: PlannedRefund[], payout: PayoutLine[]): WithdrawalPlan {
  return {
    balanceIdr: balance,
    refunds: refunds.map((r) => ({ orderId: r.orderId, paymentMethod: r.paymentMethod, paidAt: r.paidAt, paidIdr: r.paid, amountIdr: r.amount, refundableUntil: r.refundableUntil })),
    payout,
    refundIdr: sum(refunds.map((r) => r.amount)),
    payoutIdr: sum(payout.map((p) => p.amountIdr)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// GET /api/wallet/withdrawal-plan

export async function withdrawalPlan(userId: string, deps: Pick<WithdrawalDeps, 'clock' | 'users' | 'ledger' | 'paymentOrders'>): Promise<WithdrawalPlan> {
  const now = deps.clock.now();
  const balance = (await deps.users.get(userId))?.balance ?? 0;
  if (balance <= 0) return planView(0, [], []);
  const { refunds, payout } = allocate(balance, await candidatesOf(userId, balance, now, deps), now);
  return planView(balance, refunds, payout);
}

// ---------------------------------------------------------------------------------------------------------
// POST /api/wallet/withdrawals (Idempotency-Key)

export async function withdraw(
  input: { person: SignedInPerson; expectedBalance: number; idempotencyKey: string | undefined; language?: Language },
  deps: WithdrawalDeps,
): Promise<Withdrawal> {
  const { person } = input;
  const key = requireIdempotencyKey(input.idempotencyKey);
  const id = withdrawalIdFor(person.sub, key);
  const existing = await deps.withdrawals.get(id);
  if (existing) return viewOf(await finish(existing, input.expectedBalance, deps));

  const now = deps.clock.now();
  const account = await deps.users.get(person.sub);
  const balance = account?.balance ?? 0;
  if (balance <= 0) throw conflict(texts.nothingToWithdraw);
  if (balance !== input.expectedBalance) throw conflict(texts.balanceChanged);
  await voidStaleWithdrawal(person.sub, now, deps);
  const { refunds, payout } = allocate(balance, await candidatesOf(person.sub, balance, now, deps), now);
  const record: WithdrawalRecord = {
    id,
    userId: person.sub,
    username: account?.username ?? person.username,
    email: person.email ?? account?.email ?? null,
    language: input.language ?? 'en',
    createdAt: now.toISOString(),
    reservedAt: now.toISOString(),
    status: 'processing',
    balance,
    refunds,
    payout,
    payoutStatus: 'none',
  };
  try {
    // The reservation: the whole balance into the withdrawal's account, with the record and the user's lock.
    await deps.ledger.transfer({ from: person.sub, to: id, amount: balance }, reserveKey(id), {
      reference: id, actor: person.sub, note: 'Withdrawn: set aside for the refunds and the payout',
    }, { expectedFromBalance: balance, together: deps.withdrawals.creating(record) });
  } catch (error) {
    if (!(error instanceof TransactionPartRejected)) throw error;
    // The same request made it meanwhile (then finish it), or another withdrawal holds the user's lock.
    const made = await deps.withdrawals.get(id);
    if (!made) throw conflict(texts.withdrawalInProgress);
    return viewOf(await finish(made, input.expectedBalance, deps));
  }
  return viewOf(await carryOut(record, deps));
}

/** Answers a withdrawal asked again by its key: the finished one, or the interrupted one carried on. */
async function finish(record: WithdrawalRecord, expectedBalance: number, deps: WithdrawalDeps): Promise<WithdrawalRecord> {
  if (record.balance !== expectedBalance) throw conflict(texts.keyReusedWithdrawal);
  if (record.status === 'voided') throw conflict(texts.withdrawalVoided);
  return record.status === 'completed' ? mailOnce(record, deps) : carryOut(record, deps);
}

/**
 * A withdrawal interrupted for longer than STALE_WITHDRAWAL_MS no longer keeps its user from starting another: it is
 * voided and what it still reserves goes back to the wallet, in one transaction that also frees the lock. First, each
 * of its refunds that the gateway may have made before the interruption is asked of the gateway's status and taken
 * from the withdrawal's account, so nothing the gateway paid out goes back to the wallet.
 */
async function voidStaleWithdrawal(userId: string, now: Date, deps: WithdrawalDeps): Promise<void> {
  const lock = await deps.withdrawals.lockOf(userId);
  if (!lock) return;
  if (now.getTime() - Date.parse(lock.startedAt) < STALE_WITHDRAWAL_MS) throw conflict(texts.withdrawalInProgress);
  const stale = await deps.withdrawals.get(lock.withdrawalId);
  if (!stale || stale.status !== 'processing' || !stale.reservedAt) throw conflict(texts.withdrawalInProgress);
  const until = new Date(now.getTime() + LEASE_MS).toISOString();
  if (!(await deps.withdrawals.lease(stale.id, now.toISOString(), until))) throw conflict(texts.withdrawalInProgress);
  try {
    for (const planned of stale.refunds) {
      const order = await deps.paymentOrders.get(planned.orderId);
      if (!order || (order.refundKeys ?? []).includes(stale.id)) continue;
      let report;
      try {
        report = await deps.paymentGateway.status({ orderId: order.orderId, amount: order.amount, method: order.paymentMethod, createdAt: order.createdAt });
      } catch (error) {
        if (error instanceof GatewayUnavailable) throw unavailable(texts.gatewayUnreachableWithdrawal);
        throw error;
      }
      const made = (report?.refunds ?? []).filter((refund) => refund.key === stale.id);
      if (made.length) await takeBackRefunds(order, made, report!.gatewayStatus, deps);
    }
  } finally {
    await deps.withdrawals.unlease(stale.id, until);
  }
  const left = (await deps.users.get(stale.id))?.balance ?? 0;
  try {
    if (left > 0) {
      await deps.ledger.transfer({ from: stale.id, to: userId, amount: left }, voidKey(stale.id), {
        reference: stale.id, actor: 'system', note: 'Withdrawal interrupted and replaced: what it had not refunded is back in the wallet',
      }, { together: deps.withdrawals.voiding(stale, deps.clock.now().toISOString()) });
    } else if (!(await deps.withdrawals.voidEmpty(stale, deps.clock.now().toISOString()))) {
      throw new TransactionPartRejected();
    }
  } catch (error) {
    if (error instanceof TransactionPartRejected) throw conflict(texts.withdrawalInProgress);
    throw error;
  }
  (deps.log ?? consoleLog).warn('stale withdrawal voided: its reservation is back in the wallet', { withdrawalId: stale.id, returned: left });
}

/**
 * Makes the planned refunds, each once, from the withdrawal's account: a refund the gateway refuses joins the payout
 * with its words; an unreachable gateway leaves the withdrawal processing (503), to be finished by the same request
 * again. What the account still holds at the end is the payout request's, until an admin pays or returns it.
 */
async function carryOut(record: WithdrawalRecord, deps: WithdrawalDeps): Promise<WithdrawalRecord> {
  const log = deps.log ?? consoleLog;
  if (!record.reservedAt) throw conflict(texts.withdrawalNotReserved);
  const now = deps.clock.now();
  const until = new Date(now.getTime() + LEASE_MS).toISOString();
  if (!(await deps.withdrawals.lease(record.id, now.toISOString(), until))) {
    const current = await deps.withdrawals.get(record.id);
    if (current?.status === 'completed') return mailOnce(current, deps);
    throw conflict(current?.status === 'voided' ? texts.withdrawalVoided : texts.withdrawalInProgress);
  }
  const made: PlannedRefund[] = [];
  const payout = [...record.payout];
  try {
    for (const planned of record.refunds) {
      const order = await deps.paymentOrders.get(planned.orderId);
      if (!order) throw new Error(`withdrawal ${record.id}: top-up ${planned.orderId} is gone`);
      let refund: GatewayRefund;
      try {
        refund = await deps.paymentGateway.refund({
          order: { orderId: order.orderId, amount: order.amount, method: order.paymentMethod, createdAt: order.createdAt },
          amount: planned.amount, key: record.id, reason: 'Unused wallet balance withdrawn',
        });
      } catch (error) {
        if (error instanceof GatewayUnavailable) throw unavailable(texts.gatewayUnreachableWithdrawal);
        if (!(error instanceof GatewayRejected)) throw error;
        log.warn('withdrawal refund refused by the gateway: paid out by an admin instead', { withdrawalId: record.id, orderId: order.orderId, error: error.message });
        payout.push({ amountIdr: planned.amount, reason: 'gateway_refused', orderId: order.orderId, paymentMethod: order.paymentMethod, paidAt: planned.paidAt, refundableUntil: planned.refundableUntil, detail: error.message });
        continue;
      }
      const refunded = (order.refunded ?? 0) + refund.amount;
      await takeBackRefunds(order, [refund], refunded >= order.amount ? 'refund' : 'partial_refund', deps);
      made.push({ ...planned, amount: refund.amount });
    }
  } catch (error) {
    await deps.withdrawals.unlease(record.id, until);
    throw error;
  }
  const payoutTotal = sum(payout.map((p) => p.amountIdr));
  const completed = await deps.withdrawals.complete(record.id, {
    refunds: made,
    payout,
    payoutStatus: payoutTotal > 0 ? 'open' : 'none',
    completedAt: deps.clock.now().toISOString(),
  });
  const final = completed ?? (await deps.withdrawals.get(record.id)) ?? record;
  log.info('withdrawal completed', { withdrawalId: record.id, refunded: sum(made.map((r) => r.amount)), payout: payoutTotal });
  return mailOnce(final, deps);
}

// ---------------------------------------------------------------------------------------------------------
// E-mail: one per refund, one for the payout request, once per withdrawal

const methodNames: Record<PaymentMethod, string> = { qris: 'QRIS', gopay: 'GoPay', ovo: 'OVO', google_pay: 'Google Pay', apple_pay: 'Apple Pay' };
const day = (iso: string) => iso.slice(0, 10);

const payoutReasonTexts: Record<PayoutReason, (line: PayoutLine) => Localized> = {
  window_passed: (l) => ({
    en: `${methodNames[l.paymentMethod!]} refunds are possible for ${REFUND_WINDOW_DAYS[l.paymentMethod!]} days; this top-up of ${day(l.paidAt!)} could be refunded until ${day(l.refundableUntil!)}`,
    id: `Pengembalian ${methodNames[l.paymentMethod!]} hanya bisa dalam ${REFUND_WINDOW_DAYS[l.paymentMethod!]} hari; isi saldo tanggal ${day(l.paidAt!)} ini bisa dikembalikan sampai ${day(l.refundableUntil!)}`,
  }),
  method_not_refundable: (l) => ({
    en: `${methodNames[l.paymentMethod!]} payments cannot be refunded automatically`,
    id: `Pembayaran ${methodNames[l.paymentMethod!]} tidak dapat dikembalikan secara otomatis`,
  }),
  not_from_topup: () => ({
    en: 'This part of the balance did not come from a top-up that can be refunded (a credit from Bali Refill, or older top-ups)',
    id: 'Bagian saldo ini tidak berasal dari isi saldo yang bisa dikembalikan (kredit dari Bali Refill, atau isi saldo lama)',
  }),
  gateway_refused: (l) => ({
    en: `The payment provider refused the refund${l.detail ? `: ${l.detail}` : ''}`,
    id: `Penyedia pembayaran menolak pengembalian dana${l.detail ? `: ${l.detail}` : ''}`,
  }),
};

/** The refund e-mails and the payout request's, in the language of the withdrawal's request (docs/architecture.md, "E-mail"). */
function emailsOf(record: WithdrawalRecord): { subject: string; text: string }[] {
  const language = record.language ?? 'en';
  const refunds = record.refunds.map((r) => ({
    en: {
      subject: `Bali Refill: ${formatRupiah(r.amount)} refunded to your ${methodNames[r.paymentMethod]}`,
      text: [
        `We refunded ${formatRupiah(r.amount)} of your unused Bali Refill balance to the ${methodNames[r.paymentMethod]} payment you topped up with on ${day(r.paidAt)} (${formatRupiah(r.paid)}).`,
        'Refunds reach your e-wallet or bank within a few days, depending on the provider.',
        '',
        `Withdrawal: ${record.id}`,
        `Top-up: ${r.orderId}`,
      ].join('\n'),
    },
    id: {
      subject: `Bali Refill: ${formatRupiah(r.amount)} dikembalikan ke ${methodNames[r.paymentMethod]} Anda`,
      text: [
        `Kami mengembalikan ${formatRupiah(r.amount)} dari saldo Bali Refill Anda yang belum terpakai ke pembayaran ${methodNames[r.paymentMethod]} yang Anda pakai untuk isi saldo pada ${day(r.paidAt)} (${formatRupiah(r.paid)}).`,
        'Pengembalian dana masuk ke dompet digital atau bank Anda dalam beberapa hari, tergantung penyedianya.',
        '',
        `Penarikan: ${record.id}`,
        `Isi saldo: ${r.orderId}`,
      ].join('\n'),
    },
  } satisfies Record<Language, { subject: string; text: string }>)[language]);
  const payoutTotal = sum(record.payout.map((p) => p.amountIdr));
  const lines = record.payout.map((p) => `- ${formatRupiah(p.amountIdr)}: ${payoutReasonTexts[p.reason](p)[language]}.`);
  const payoutMail: Record<Language, { subject: string; text: string }> = {
    en: {
      subject: `Bali Refill: ${formatRupiah(payoutTotal)} will be paid out to you`,
      text: [
        `${formatRupiah(payoutTotal)} of your balance could not be refunded automatically. Our team will pay it out to you and write to you when it is sent:`,
        '', ...lines, '', `Withdrawal: ${record.id}`,
      ].join('\n'),
    },
    id: {
      subject: `Bali Refill: ${formatRupiah(payoutTotal)} akan dibayarkan kepada Anda`,
      text: [
        `${formatRupiah(payoutTotal)} dari saldo Anda tidak dapat dikembalikan secara otomatis. Tim kami akan membayarkannya kepada Anda dan mengabari Anda saat sudah dikirim:`,
        '', ...lines, '', `Penarikan: ${record.id}`,
      ].join('\n'),
    },
  };
  return [...refunds, ...(payoutTotal > 0 ? [payoutMail[language]] : [])];
}

async function mailOnce(record: WithdrawalRecord, deps: WithdrawalDeps): Promise<WithdrawalRecord> {
  if (record.status !== 'completed' || record.mailedAt || !record.email || !deps.mailer) return record;
  const at = deps.clock.now().toISOString();
  if (!(await deps.withdrawals.markMailed(record.id, at))) return record;
  try {
    for (const email of emailsOf(record)) await deps.mailer.send({ to: record.email, ...email });
    return { ...record, mailedAt: at };
  } catch (error) {
    // Not (all) sent: take the mark back, so that the same request again sends them (at least once).
    (deps.log ?? consoleLog).warn('withdrawal e-mails not sent', { withdrawalId: record.id, error: (error as Error).message });
    await deps.withdrawals.markMailed(record.id, at, true);
    return record;
  }
}

function viewOf(record: WithdrawalRecord): Withdrawal {
  if (record.status === 'voided') throw conflict(texts.withdrawalVoided);
  return {
    ...planView(record.balance, record.refunds, record.payout),
    id: record.id,
    status: record.status,
    payoutStatus: record.payoutStatus,
    createdAt: record.createdAt,
    completedAt: record.completedAt ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Admin: payout requests

const PAYOUTS_LIMIT = 100;

function payoutView(record: WithdrawalRecord): PayoutRequest {
  return {
    id: record.id,
    userId: record.userId,
    username: record.username,
    email: record.email,
    amountIdr: sum(record.payout.map((p) => p.amountIdr)),
    lines: record.payout,
    status: record.payoutStatus === 'none' ? 'open' : record.payoutStatus,
    createdAt: record.createdAt,
    resolvedAt: record.resolvedAt ?? null,
    resolvedBy: record.resolvedBy ?? null,
    note: record.resolutionNote ?? null,
  };
}

export async function listPayouts(status: 'open' | 'paid' | 'returned', deps: Pick<WithdrawalDeps, 'withdrawals'>): Promise<PayoutRequest[]> {
  return (await deps.withdrawals.listPayouts(status, PAYOUTS_LIMIT)).map(payoutView);
}

/**
 * Closes a payout request once, as 'admin:<username>' with a note (the audit): paid, the admin sent the money; or
 * returned, credited back to the user's wallet (one ledger entry keyed by the withdrawal, so it happens once even
 * when two admins resolve at once). The user is e-mailed the outcome.
 */
/** What closing a payout request needs: the record, the ledger (a return), the e-mail. No gateway: the money left by hand. */
export type PayoutDeps = Pick<WithdrawalDeps, 'withdrawals' | 'ledger' | 'clock' | 'log' | 'mailer'>;

export async function resolvePayout(id: string, resolution: { outcome: 'paid' | 'returned'; note: string }, actor: string, deps: PayoutDeps): Promise<PayoutRequest> {
  const record = await deps.withdrawals.get(id);
  if (!record || record.payoutStatus === 'none') throw notFound(texts.payoutNotFound);
  if (record.payoutStatus !== 'open') throw conflict(texts.payoutAlready(record.payoutStatus));
  const amount = sum(record.payout.map((p) => p.amountIdr));
  // The payout's money waited in the withdrawal's account: it leaves the book (sent by hand) or goes back to the wallet.
  if (resolution.outcome === 'returned') {
    await deps.ledger.transfer({ from: id, to: record.userId, amount }, returnKey(id), { reference: id, actor, note: `Payout returned to the wallet: ${resolution.note}` });
  } else {
    await deps.ledger.post(id, 'adjustment', -amount, paidOutKey(id), { reference: id, actor, note: `Paid out by hand: ${resolution.note}`, counter: 'manual-payouts' });
  }
  const resolved = await deps.withdrawals.resolvePayout(id, { status: resolution.outcome, by: actor, note: resolution.note, at: deps.clock.now().toISOString() });
  if (!resolved) {
    const now = await deps.withdrawals.get(id);
    if (now?.payoutStatus === resolution.outcome) return payoutView(now);
    throw conflict(texts.payoutAlready(now?.payoutStatus ?? 'gone'));
  }
  if (record.email && deps.mailer) {
    // In the language of the withdrawal's request (docs/architecture.md, "E-mail"); the admin's note as written.
    const mails: Record<Language, { subject: string; text: string }> = {
      en: {
        subject: `Bali Refill: your payout of ${formatRupiah(amount)}`,
        text: resolution.outcome === 'paid'
          ? `We sent you ${formatRupiah(amount)}, the part of your withdrawal ${id} that could not be refunded automatically.\n\n${resolution.note}`
          : `The ${formatRupiah(amount)} of your withdrawal ${id} that could not be refunded automatically is back in your Bali Refill wallet.\n\n${resolution.note}`,
      },
      id: {
        subject: `Bali Refill: pembayaran Anda sebesar ${formatRupiah(amount)}`,
        text: resolution.outcome === 'paid'
          ? `Kami telah mengirimkan ${formatRupiah(amount)} kepada Anda, bagian dari penarikan ${id} yang tidak dapat dikembalikan secara otomatis.\n\n${resolution.note}`
          : `${formatRupiah(amount)} dari penarikan ${id} yang tidak dapat dikembalikan secara otomatis sudah kembali ke dompet Bali Refill Anda.\n\n${resolution.note}`,
      },
    };
    await deps.mailer.send({ to: record.email, ...mails[record.language ?? 'en'] }).catch((error: unknown) => {
      (deps.log ?? consoleLog).warn('payout e-mail not sent', { withdrawalId: id, error: (error as Error).message });
    });
  }
  return payoutView(resolved);
}
