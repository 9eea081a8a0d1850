/**
 * The wallet ledger. Every balance change is one atomic write of the new balance, an append-only
 * entry and an idempotency record; the balance never goes below zero (see DESIGN.md, Ledger).
 */
export const ledgerEntryTypes = ['topup', 'purchase', 'hold', 'release', 'refund', 'adjustment'] as const;
export type LedgerEntryType = (typeof ledgerEntryTypes)[number];
/** The entries a user sees in history; holds and releases are bookkeeping of a vend in progress. */
export const visibleEntryTypes = ['topup', 'purchase', 'refund', 'adjustment'] as const satisfies readonly LedgerEntryType[];

export interface LedgerEntry {
  id: string;
  userId: string;
  type: LedgerEntryType;
  /** Signed rupiah: credits positive, debits negative. */
  amount: number;
  balanceAfter: number;
  /** What the entry is about: a top-up order id, a vend session id, an admin reason. */
  reference: string;
  idempotencyKey: string;
  /** Who caused it: a user id, 'gateway', 'station:<id>', 'admin:<username>', 'system'. */
  actor: string;
  createdAt: string;
  machineId?: string;
  machineName?: string;
  volumeMl?: number;
  paymentMethod?: string;
  note?: string;
}

/** Details carried onto an entry. */
export interface EntryDetails {
  reference: string;
  actor: string;
  machineId?: string;
  machineName?: string;
  volumeMl?: number;
  paymentMethod?: string;
  note?: string;
}

export interface PostResult {
  balance: number;
  entries: LedgerEntry[];
  /** True when the idempotency key had been used with the same parameters: nothing was written. */
  replayed: boolean;
}

export interface Hold {
  id: string;
  userId: string;
  amount: number;
  status: 'open' | 'settled' | 'released';
  createdAt: string;
  reference: string;
  charged?: number;
}

export interface Ledger {
  /** Credits (amount > 0) or debits (amount < 0) once per idempotency key. Debits beyond the balance are refused. */
  post(userId: string, type: 'topup' | 'purchase' | 'refund' | 'adjustment', amount: number, idempotencyKey: string, details: EntryDetails): Promise<PostResult>;
  /** Reserves up to `amount` of the balance for a vend; one hold per id. */
  hold(userId: string, holdId: string, amount: number, details: EntryDetails): Promise<PostResult>;
  /** Charges exactly `charged` (<= the hold) and releases the rest, once. */
  settle(holdId: string, charged: number, details: EntryDetails): Promise<PostResult>;
  /** Releases an open hold in full, once (dispense failure, expiry). */
  release(holdId: string, details: EntryDetails): Promise<PostResult>;
  getHold(holdId: string): Promise<Hold | null>;
  /** Entries of one user, newest first. */
  entries(userId: string, options: { limit: number; cursor?: string; visibleOnly?: boolean }): Promise<{ items: LedgerEntry[]; nextCursor: string | null }>;
}
