import type * as z from 'zod/mini';
import type { AdminTransaction } from '@shared/routes';
import { paymentMethods, type PaymentMethod } from '@shared/schemas';
import type { AdminQueries, TransactionFilter } from '../ports/admin-queries';
import type { LedgerEntry } from '../ports/ledger';

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
  };
}

/** Every user's visible ledger entries, newest first, with the user's name on each row. */
export async function listAdminTransactions(filter: TransactionFilter, deps: { adminQueries: AdminQueries }) {
  const page = await deps.adminQueries.transactions(filter);
  const names = await deps.adminQueries.usernames(page.items.map((e) => e.userId));
  return { items: page.items.map((e) => toAdminTransaction(e, names.get(e.userId) ?? null)), nextCursor: page.nextCursor };
}
