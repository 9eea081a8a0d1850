import { PaymentMethod, type Transaction } from '@shared/schemas/transaction';
import type { Claims } from '../../vending/ports/claims';
import type { Ledger, LedgerEntry } from '../ports/ledger';
import type { Users } from '../../accounts/ports/users';
import { forbidden, invalid, notFound } from '../../platform/domain/errors';
import { fallbackName } from '../../stations/domain/machines';
import { isWithdrawalId, type Withdrawals } from '../ports/withdrawals';
import { withdrawalInHistory } from './withdrawals';
import * as texts from './texts';
import * as accountTexts from '../../accounts/domain/texts';

/** Who asks (structurally the HTTP layer's Identity). */
export interface Reader {
  sub: string;
  groups: string[];
}

export interface TransactionPage {
  items: Transaction[];
  nextCursor: string | null;
}

const VISIBLE_TYPES = new Set<Transaction['type']>(['topup', 'purchase', 'refund', 'adjustment', 'receivable', 'repayment', 'guest_refill']);

/** The rupiah a row shows: what became owed, what a kept guest refill cost, else what moved. */
const shownAmount = (entry: LedgerEntry) => (entry.type === 'receivable' ? entry.owed ?? 0 : entry.type === 'guest_refill' ? entry.charged ?? 0 : entry.amount);

/**
 * A ledger entry as the user sees it: absolute rupiah (the type says the direction), litres from metered
 * millilitres, the payment method when it is one of ours, the station when there was one.
 */
export function toTransaction(entry: LedgerEntry): Transaction {
  if (!VISIBLE_TYPES.has(entry.type as Transaction['type'])) throw new Error(`Ledger entry ${entry.id} of type ${entry.type} is not a transaction`);
  const method = PaymentMethod.safeParse(entry.paymentMethod);
  return {
    id: entry.id,
    type: entry.type as Transaction['type'],
    amount: Math.abs(Math.trunc(shownAmount(entry))),
    debit: entry.amount < 0,
    createdAt: entry.createdAt,
    volume: typeof entry.volumeMl === 'number' && entry.volumeMl >= 0 ? entry.volumeMl / 1000 : null,
    paymentMethod: method.success ? method.data : null,
    machine: entry.machineId ? { id: entry.machineId, name: entry.machineName?.trim() || fallbackName(entry.machineId) } : null,
    // A station's purchase is a vend: its reference is the session, which the person may claim.
    ...(entry.type === 'purchase' && entry.machineId && entry.reference ? { vendId: entry.reference } : {}),
    ...(entry.type === 'adjustment' && isWithdrawalId(entry.reference) ? { withdrawalId: entry.reference } : {}),
    ...(entry.offline ? { offline: true as const } : {}),
  };
}

/**
 * A user's transactions, newest first; holds and releases (a vend in progress) are not shown. With `claims`, each vend
 * carries its claim's state; with `withdrawals`, each withdrawal's entry where its money went.
 */
export async function transactionsOf(userId: string, page: { limit: number; cursor?: string }, ledger: Ledger, claims?: Claims, withdrawals?: Withdrawals): Promise<TransactionPage> {
  let result;
  try {
    result = await ledger.entries(userId, { limit: page.limit, cursor: page.cursor, visibleOnly: true });
  } catch (error) {
    // A cursor of another listing (another user's, or tampered with) is refused by the store; it never reads across users.
    if (page.cursor && (error as Error).name === 'ValidationException') throw invalid(texts.badCursor);
    throw error;
  }
  let items = result.items.map(toTransaction);
  const withdrawalIds = items.flatMap((t) => (t.withdrawalId ? [t.withdrawalId] : []));
  if (withdrawals && withdrawalIds.length > 0) {
    const records = new Map((await withdrawals.many(withdrawalIds)).filter((r) => r.userId === userId).map((r) => [r.id, r]));
    items = items.map((t, i) => {
      const record = t.withdrawalId ? records.get(t.withdrawalId) : undefined;
      return record ? { ...t, withdrawal: withdrawalInHistory(result.items[i]!.idempotencyKey, record) } : t;
    });
  }
  const vendIds = items.flatMap((t) => (t.vendId ? [t.vendId] : []));
  if (!claims || vendIds.length === 0) return { items, nextCursor: result.nextCursor };
  const states = await claims.statesOf(userId, vendIds);
  return { items: items.map((t) => (t.vendId && states.has(t.vendId) ? { ...t, claim: states.get(t.vendId) } : t)), nextCursor: result.nextCursor };
}

/**
 * Another user's transactions: a user may read only their own; an administrator may read anyone's.
 * A non-admin learns nothing about other ids (403 before any lookup); an admin gets 404 for an unknown user.
 */
export async function transactionsFor(
  reader: Reader,
  userId: string,
  page: { limit: number; cursor?: string },
  deps: { ledger: Ledger; users: Users },
): Promise<TransactionPage> {
  if (userId !== reader.sub) {
    if (!reader.groups.includes('admin')) throw forbidden(texts.ownTransactionsOnly);
    if (!(await deps.users.get(userId))) throw notFound(accountTexts.userNotFound);
  }
  return transactionsOf(userId, page, deps.ledger);
}
