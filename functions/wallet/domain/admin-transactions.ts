import type * as z from 'zod/mini';
import { baliDateTime, baliDayEnd, baliDayStart } from '@shared/bali-time';
import { toCsv } from '@shared/csv';
import type { AdminTransaction } from '@shared/routes/wallet';
import { paymentMethods, type PaymentMethod } from '@shared/schemas/transaction';
import type { AdminQueries, TransactionFilter } from '../../system/ports/admin-queries';
import type { LedgerEntry } from '../ports/ledger';
import { invalid } from '../../platform/domain/errors';
import * as texts from './texts';

type Row = z.infer<typeof AdminTransaction>;
const METHODS = new Set<string>(paymentMethods);

function toAdminTransaction(entry: LedgerEntry, username: string | null): Row {
  return {
    id: entry.id,
    type: entry.type as Row['type'],
    amount: Math.abs(entry.type === 'receivable' ? entry.owed ?? 0 : entry.amount),
    signedAmount: entry.amount,
    debit: entry.amount < 0,
    createdAt: entry.createdAt,
    volume: entry.volumeMl === undefined ? null : entry.volumeMl / 1000,
    paymentMethod: entry.paymentMethod && METHODS.has(entry.paymentMethod) ? (entry.paymentMethod as PaymentMethod) : null,
    machine: entry.machineId ? { id: entry.machineId, name: entry.machineName ?? entry.machineId } : null,
    userId: entry.userId,
    username,
    actor: entry.actor,
    reference: entry.reference,
    // A station's refill it poured without its connection and delivered later (docs/architecture.md, "Offline vends").
    ...(entry.offline ? { offline: true as const } : {}),
  };
}

/** The console's filters: `from` and `to` are days in Bali, both included. */
type ConsoleFilter = Omit<TransactionFilter, 'from' | 'to'> & { from?: string; to?: string };
const withInstants = ({ from, to, ...filter }: ConsoleFilter): TransactionFilter => ({
  ...filter, ...(from ? { from: baliDayStart(from) } : {}), ...(to ? { to: baliDayEnd(to) } : {}),
});

/** Every user's visible ledger entries, newest first, with the user's name on each row. */
export async function listAdminTransactions(filter: ConsoleFilter, deps: { adminQueries: AdminQueries }) {
  const page = await deps.adminQueries.transactions(withInstants(filter));
  const names = await deps.adminQueries.usernames(page.items.map((e) => e.userId));
  return { items: page.items.map((e) => toAdminTransaction(e, names.get(e.userId) ?? null)), nextCursor: page.nextCursor };
}

/** Rows read per round trip of an export. */
const EXPORT_PAGE = 100;
/** At about 200 bytes a row, what one answer holds below Lambda's 6 MB: a range with more is refused, never cut. */
const EXPORT_MAX_ROWS = 25_000;
const EXPORT_HEADER = ['Transaction ID', 'Date (Bali time)', 'Type', 'Amount (IDR)', 'Signed amount (IDR)', 'Volume (L)', 'Method', 'Machine ID', 'Machine', 'User ID', 'Username', 'By', 'Reference'];

/**
 * Every visible ledger entry of a range of days in Bali with the list's filters, oldest first, read a page at a time
 * for one answer (API Gateway's HTTP API does not stream a Lambda's answer): a range of more than EXPORT_MAX_ROWS
 * entries is a 400 asking for a shorter one.
 */
export async function transactionsOfDays(filter: Omit<ConsoleFilter, 'limit' | 'cursor'>, deps: { adminQueries: AdminQueries }): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await deps.adminQueries.transactions(withInstants({ ...filter, limit: EXPORT_PAGE, ...(cursor ? { cursor } : {}) }));
    entries.push(...page.items);
    if (entries.length > EXPORT_MAX_ROWS) throw invalid(texts.exportTooLarge(EXPORT_MAX_ROWS), { from: 'Choose a shorter range' });
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return entries.reverse();
}

/** Every transaction of a range of days in Bali with the list's filters, oldest first, as one CSV file (the list's columns, times on Bali's clock). */
export async function exportAdminTransactions(filter: Omit<ConsoleFilter, 'limit' | 'cursor'>, deps: { adminQueries: AdminQueries }): Promise<string> {
  const entries = await transactionsOfDays(filter, deps);
  const names = await deps.adminQueries.usernames(entries.map((e) => e.userId));
  const rows = entries.map((e) => toAdminTransaction(e, names.get(e.userId) ?? null));
  return toCsv({
    header: EXPORT_HEADER,
    rows: rows.map((t) => [t.id, baliDateTime(t.createdAt), t.type, t.amount, t.signedAmount, t.volume, t.paymentMethod, t.machine?.id, t.machine?.name, t.userId, t.username, t.actor, t.reference]),
  });
}
