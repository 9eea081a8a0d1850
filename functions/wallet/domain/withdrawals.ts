import { createHash } from 'node:crypto';
import type { Language } from '@shared/language';
import { REFUND_WINDOW_DAYS, type PaymentMethod, type Transaction } from '@shared/schemas/transaction';
import {
  type PayoutDestination,
  type PayoutLine,
  type PayoutReason,
  type PayoutRequest,
  type PayoutResolution,
  type Withdrawal,
  type WithdrawalPlan,
} from '@shared/schemas/withdrawal';
import { payoutDestinationLabel } from '@shared/payout-destination';
import { consoleLog } from '../../platform/ports/log';
import type { Mailer } from '../../platform/ports/mailer';
import { GatewayRejected, GatewayUnavailable, type GatewayRefund } from '../ports/payment-gateway';
import type { PaymentOrder } from '../ports/payment-orders';
import type { Users } from '../../accounts/ports/users';
import { TransactionPartRejected } from '../../platform/ports/transaction';
import {
  isWithdrawalId,
  WITHDRAWAL_ID_PREFIX,
  type PlannedRefund,
  type WithdrawalRecord,
  type Withdrawals,
} from '../ports/withdrawals';
import type { SignedInPerson } from '../../platform/ports/caller-directory';
import { conflict, invalid, notFound, unavailable } from '../../platform/domain/errors';
import { orderKind, requireIdempotencyKey } from './payment-orders';
import type { PaymentDeps } from './payment-deps';
import { takeBackRefunds } from './payment-reports';
import * as texts from './texts';
import { renderEmail, type RenderedEmail } from '../../platform/domain/email-template';
import { payoutNoticeEmail, payoutOutcomeEmail, refundEmail } from './withdrawal-emails';

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

/** `WD-` + 24 hex of the user and their Idempotency-Key: the record's id and the gateway refund key (Midtrans: at most 50). */
export const withdrawalIdFor = (userId: string, idempotencyKey: string) => `${WITHDRAWAL_ID_PREFIX}${createHash('sha256').update(`withdrawal\n${userId}\n${idempotencyKey}`).digest('hex').slice(0, 24)}`;
const reserveKey = (withdrawalId: string) => `withdrawal-reserve:${withdrawalId}`;
const voidKey = (withdrawalId: string) => `withdrawal-void:${withdrawalId}`;
const paidOutKey = (withdrawalId: string) => `payout-paid:${withdrawalId}`;
const returnKey = (withdrawalId: string) => `payout-returned:${withdrawalId}`;

/** Where a withdrawal's payout goes, as its user sees it ('BCA •••7890'); null: no payout, or none was given. */
const payoutToOf = (record: WithdrawalRecord) =>
  record.payout.length > 0 && record.payoutDestination ? payoutDestinationLabel(record.payoutDestination, 'masked') : null;

type HistoryOfWithdrawal = NonNullable<Transaction['withdrawal']>;

/**
 * A wallet entry of a withdrawal as History names it (docs/payments.md, "Withdrawals"): which step wrote it (by its
 * transaction's key) and where the withdrawn money went: the refunds per payment method, the payout and its destination.
 */
export function withdrawalInHistory(idempotencyKey: string, record: WithdrawalRecord): HistoryOfWithdrawal {
  const step = idempotencyKey === voidKey(record.id) ? 'voided' : idempotencyKey === returnKey(record.id) ? 'payout_returned' : 'withdrawn';
  const byMethod = new Map<PaymentMethod, number>();
  for (const refund of record.refunds) byMethod.set(refund.paymentMethod, (byMethod.get(refund.paymentMethod) ?? 0) + refund.amount);
  return {
    step,
    refunds: [...byMethod].map(([paymentMethod, amountIdr]) => ({ paymentMethod, amountIdr })),
    payoutIdr: sum(record.payout.map((p) => p.amountIdr)),
    payoutTo: payoutToOf(record),
    payoutStatus: record.payoutStatus,
    processing: record.status === 'processing',
  };
}

/** When a top-up stops being refundable at the gateway (null: its method is never refunded automatically). */
function refundableUntil(method: PaymentMethod, paidAt: string): string | null {
  const days = REFUND_WINDOW_DAYS[method];
  return days === null ? null : new Date(Date.parse(paidAt) + days * DAY_MS).toISOString();
}

/** A settled top-up: when it was paid and until when its method refunds it. */
interface Candidate {
  order: PaymentOrder;
  paidAt: string;
  until: string | null;
}

/** A part of the balance and where it came from: a settled top-up, or credit that did not come from one (top-up: null). */
interface Source {
  amount: number;
  topup: Candidate | null;
}

/**
 * Where the balance came from. Water spends the oldest money first, so what is left is the newest credits: the
 * entries are read newest first and the balance is attributed to their credits until it is covered. A top-up counts
 * as far as it is not refunded yet; credit that did not come from a top-up (a claim, goodwill, an admin's credit, a
 * kept guest receipt) counts as itself, and never goes back to a gateway. Money coming back from a withdrawal (voided,
 * or its payout returned) was the wallet's before the withdrawal took it: its sources are the older credits, read on.
 * What no credit explains (a history longer than ENTRY_PAGES) is a credit of its own.
 */
async function sourcesOf(userId: string, balance: number, deps: Pick<WithdrawalDeps, 'ledger' | 'paymentOrders'>): Promise<Source[]> {
  const sources: Source[] = [];
  let needed = balance;
  let cursor: string | undefined;
  for (let page = 0; page < ENTRY_PAGES && needed > 0; page++) {
    const { items, nextCursor } = await deps.ledger.entries(userId, { limit: ENTRY_PAGE_SIZE, cursor, visibleOnly: true });
    for (const entry of items) {
      if (needed <= 0) break;
      if (entry.amount <= 0 || isWithdrawalId(entry.reference)) continue;
      if (entry.type !== 'topup' || orderKind(entry.reference) !== 'topup') {
        const amount = Math.min(needed, entry.amount);
        sources.push({ amount, topup: null });
        needed -= amount;
        continue;
      }
      const order = await deps.paymentOrders.get(entry.reference);
      if (!order || order.userId !== userId || (order.status !== 'settled' && order.status !== 'refunded')) continue;
      const amount = Math.min(needed, entry.amount, order.amount - (order.refunded ?? 0));
      if (amount <= 0) continue;
      const paidAt = order.creditedAt ?? entry.createdAt;
      sources.push({ amount, topup: { order, paidAt, until: refundableUntil(order.paymentMethod, paidAt) } });
      needed -= amount;
    }
    if (!nextCursor) break;
    cursor = nextCursor;
  }
  if (needed > 0) sources.push({ amount: needed, topup: null });
  return sources;
}

/**
 * Splits the balance by where each part came from: a top-up still inside its method's refund window is refunded to
 * it; one past its window, or of a method never refunded automatically, is paid out with that reason; credit that did
 * not come from a top-up is paid out as such (one line).
 */
function allocate(sources: Source[], now: Date): { refunds: PlannedRefund[]; payout: PayoutLine[] } {
  const refunds: PlannedRefund[] = [];
  const payout: PayoutLine[] = [];
  let notFromTopup = 0;
  for (const { amount, topup: c } of sources) {
    if (!c) {
      notFromTopup += amount;
    } else if (c.until !== null && now.getTime() < Date.parse(c.until)) {
      refunds.push({ orderId: c.order.orderId, paymentMethod: c.order.paymentMethod, paidAt: c.paidAt, paid: c.order.amount, amount, refundableUntil: c.until });
    } else {
      const reason: PayoutReason = c.until === null ? 'method_not_refundable' : 'window_passed';
      payout.push({ amountIdr: amount, reason, orderId: c.order.orderId, paymentMethod: c.order.paymentMethod, paidAt: c.paidAt, refundableUntil: c.until, detail: null });
    }
  }
  if (notFromTopup > 0) payout.push({ amountIdr: notFromTopup, reason: 'not_from_topup', orderId: null, paymentMethod: null, paidAt: null, refundableUntil: null, detail: null });
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
  const { refunds, payout } = allocate(await sourcesOf(userId, balance, deps), now);
  return planView(balance, refunds, payout);
}

// ---------------------------------------------------------------------------------------------------------
// POST /api/wallet/withdrawals (Idempotency-Key)

export async function withdraw(
  input: { person: SignedInPerson; expectedBalance: number; idempotencyKey: string | undefined; language?: Language; payoutDestination?: PayoutDestination },
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
  const { refunds, payout } = allocate(await sourcesOf(person.sub, balance, deps), now);
  // The team can only pay out to somewhere: asked before anything moves (a refund the gateway refuses later has none).
  if (payout.length > 0 && !input.payoutDestination) throw invalid(texts.payoutDestinationRequired, { payoutDestination: 'Where should we send it? Choose a bank account or an e-wallet' });
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
    payoutDestination: input.payoutDestination ?? null,
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

/** The refund e-mails and the payout notice, in the language of the withdrawal's request (docs/architecture.md, "E-mail"). */
function emailsOf(record: WithdrawalRecord): RenderedEmail[] {
  const language = record.language ?? 'en';
  const refunds = record.refunds.map((refund) => renderEmail(refundEmail, { withdrawalId: record.id, refund }, language));
  const payout = record.payout.length > 0 ? [renderEmail(payoutNoticeEmail, { withdrawalId: record.id, lines: record.payout, to: payoutToOf(record) }, language)] : [];
  return [...refunds, ...payout];
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
    payoutTo: payoutToOf(record),
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
    destination: record.payoutDestination ?? null,
    status: record.payoutStatus === 'none' ? 'open' : record.payoutStatus,
    createdAt: record.createdAt,
    resolvedAt: record.resolvedAt ?? null,
    resolvedBy: record.resolvedBy ?? null,
    note: record.resolutionNote || null,
    transferReference: record.transferReference ?? null,
  };
}

export async function listPayouts(status: 'open' | 'paid' | 'returned', deps: Pick<WithdrawalDeps, 'withdrawals'>): Promise<PayoutRequest[]> {
  return (await deps.withdrawals.listPayouts(status, PAYOUTS_LIMIT)).map(payoutView);
}

/** What closing a payout request needs: the record, the ledger (a return), the e-mail. No gateway: the money left by hand. */
export type PayoutDeps = Pick<WithdrawalDeps, 'withdrawals' | 'ledger' | 'clock' | 'log' | 'mailer'>;

/**
 * Closes a payout request once, as 'admin:<username>' (the audit): paid, the admin sent the money to the destination
 * the user gave, under the transfer's reference (it goes into the ledger entry's note, the book's memo of that line);
 * or returned, credited back to the user's wallet with why. Each is one ledger transaction keyed by the withdrawal, so
 * it happens once even when two admins resolve at once. The user is e-mailed the outcome.
 */
export async function resolvePayout(id: string, resolution: PayoutResolution, actor: string, deps: PayoutDeps): Promise<PayoutRequest> {
  const record = await deps.withdrawals.get(id);
  if (!record || record.payoutStatus === 'none') throw notFound(texts.payoutNotFound);
  if (record.payoutStatus !== 'open') throw conflict(texts.payoutAlready(record.payoutStatus));
  const amount = sum(record.payout.map((p) => p.amountIdr));
  const reference = resolution.outcome === 'paid' ? resolution.transferReference : null;
  const to = payoutToOf(record);
  // The payout's money waited in the withdrawal's account: it leaves the book (sent by hand) or goes back to the wallet.
  if (resolution.outcome === 'returned') {
    await deps.ledger.transfer({ from: id, to: record.userId, amount }, returnKey(id), { reference: id, actor, note: `Payout returned to the wallet: ${resolution.note}` });
  } else {
    const memo = [`Paid out by hand${to ? ` to ${to}` : ''}, transfer ${reference}`, resolution.note].filter(Boolean).join(': ');
    await deps.ledger.post(id, 'adjustment', -amount, paidOutKey(id), { reference: id, actor, note: memo, counter: 'manual-payouts' });
  }
  const resolved = await deps.withdrawals.resolvePayout(id, { status: resolution.outcome, by: actor, note: resolution.note, at: deps.clock.now().toISOString(), transferReference: reference });
  if (!resolved) {
    const now = await deps.withdrawals.get(id);
    if (now?.payoutStatus === resolution.outcome) return payoutView(now);
    throw conflict(texts.payoutAlready(now?.payoutStatus ?? 'gone'));
  }
  if (record.email && deps.mailer) {
    // In the language of the withdrawal's request (docs/architecture.md, "E-mail").
    const mail = renderEmail(payoutOutcomeEmail, { withdrawalId: id, amountIdr: amount, outcome: resolution.outcome, to, transferReference: reference, note: resolution.note }, record.language ?? 'en');
    await deps.mailer.send({ to: record.email, ...mail }).catch((error: unknown) => {
      (deps.log ?? consoleLog).warn('payout e-mail not sent', { withdrawalId: id, error: (error as Error).message });
    });
  }
  return payoutView(resolved);
}
