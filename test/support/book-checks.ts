import { journalOf } from '@functions/wallet/domain/book';
import type { LedgerEntry } from '@functions/wallet/ports/ledger';

/**
 * The book's own invariants over a set of ledger entries (docs/architecture.md, "The book"), for the money
 * simulation: every transaction balanced (no line on the suspense account), the whole book summing to zero, and
 * what the gateway's clearing account holds for each order (paid in minus refunded), to compare with the
 * gateway's own status.
 */
export function bookOf(entries: LedgerEntry[]) {
  const journal = journalOf(entries.filter((e) => e.type !== 'hold' && e.type !== 'release'));
  const clearing = new Map<string, number>();
  let sum = 0;
  for (const line of journal.lines) {
    sum += line.debit - line.credit;
    if (line.account === 'gateway') clearing.set(line.reference, (clearing.get(line.reference) ?? 0) + line.debit - line.credit);
  }
  return {
    transactions: journal.transactions,
    unbalanced: journal.unbalanced,
    /** Debits minus credits over the whole book: 0. */
    sum,
    /** What the gateway holds for an order by the book: paid in minus refunded. */
    clearingOf: (orderId: string) => clearing.get(orderId) ?? 0,
  };
}
