import type { LedgerEntry } from '../../wallet/ports/ledger';
import type { UserRecord } from '../../accounts/ports/users';

interface PageRequest {
  limit: number;
  cursor?: string;
}
export interface PageResult<T> {
  items: T[];
  nextCursor: string | null;
}

export interface TransactionFilter extends PageRequest {
  type?: 'purchase' | 'topup' | 'refund' | 'adjustment' | 'receivable' | 'repayment' | 'guest_refill';
  userId?: string;
  machineId?: string;
  /** Entries from this instant on (ISO). */
  from?: string;
  /** Entries before this instant (ISO). */
  to?: string;
}

/** One saved change of the settings: who, when, and each field's old and new value. */
export interface SettingsChange {
  at: string;
  actor: string;
  changes: Record<string, { from: unknown; to: unknown }>;
}

/**
 * The read side of the admin console: collection-wide queries the per-user ports do not offer.
 * All are served by the table's collections (GSI1 LEDGER / USERS, GSI2 MACHINE#<id>); see keys.ts. The summary
 * cards' totals are the ledger's own (Ledger.totals), never a scan.
 */
export interface AdminQueries {
  /** Users newest first; with `search`, only those whose id, username, e-mail or name contains it (case-insensitive). */
  users(request: PageRequest & { search?: string }): Promise<PageResult<UserRecord>>;
  /** Visible ledger entries (top-ups, purchases, refunds, adjustments), newest first. */
  transactions(filter: TransactionFilter): Promise<PageResult<LedgerEntry>>;
  /** User names by id, for rows that show them. */
  usernames(ids: string[]): Promise<Map<string, string>>;
  /** Settings changes, newest first. */
  settingsHistory(limit: number): Promise<SettingsChange[]>;
}
