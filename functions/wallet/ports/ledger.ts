import type { TransactionPart } from '../../platform/ports/transaction';

/**
 * The wallet ledger. Every balance change is one atomic write of the new balance, an append-only
 * entry and an idempotency record; the balance never goes below zero (docs/architecture.md, The ledger).
 *
 * Each user has two accounts: the balance (never below zero) and the receivable (`owed`, never below zero):
 * money the user owes for water dispensed after its hold was released, or for a gateway refund the balance
 * could not cover. A top-up pays the receivable first.
 */
export const ledgerEntryTypes = ['topup', 'purchase', 'hold', 'release', 'refund', 'adjustment', 'receivable', 'repayment', 'guest_refill'] as const;
export type LedgerEntryType = (typeof ledgerEntryTypes)[number];
/**
 * The entries a user sees in history; holds and releases are bookkeeping of a vend in progress. A `guest_refill` moves
 * no money: it is a guest's refill kept from its receipt (paid to the gateway by the guest, not from the wallet).
 */
export const visibleEntryTypes = ['topup', 'purchase', 'refund', 'adjustment', 'receivable', 'repayment', 'guest_refill'] as const satisfies readonly LedgerEntryType[];

export interface LedgerEntry {
  id: string;
  userId: string;
  type: LedgerEntryType;
  /** Signed rupiah on the balance: credits positive, debits negative (0 for a receivable). */
  amount: number;
  /** The balance after this entry; absent on a record that moves no money (a guest refill kept from its receipt). */
  balanceAfter?: number;
  /** On a guest refill kept from its receipt: what the water cost, paid by the guest through the gateway. */
  charged?: number;
  /** Signed rupiah on the receivable: positive when a debt is recorded, negative when it is paid (absent: 0). */
  owed?: number;
  /** The receivable after this entry, on entries that change it. */
  owedAfter?: number;
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
  /** A vend an offline station dispensed and reported later (docs/architecture.md, "Offline vends"). */
  offline?: boolean;
  /** The book's account on the other side of a single-sided entry: what balances it in the journal. */
  counter?: CounterAccount;
}

/**
 * The book's own account on the other side of a single-sided entry (docs/architecture.md, "The book"): the gateway's
 * clearing account (money the gateway holds for us), a station's revenue, claim credits, goodwill and admin
 * adjustments, and payouts made by hand from the company's bank.
 */
export type CounterAccount = 'gateway' | 'claims' | 'goodwill' | 'manual-payouts' | `revenue:${string}`;
export const revenueAccount = (machineId: string | undefined): CounterAccount => `revenue:${machineId ?? 'unknown'}`;

/**
 * The counter account of an entry that moves money into or out of the people's accounts: the one its author named,
 * else the rule of its type (a top-up comes from the gateway, a purchase goes to the station's revenue, a refund
 * entry credits a claim). An adjustment names its counter account: a goodwill credit, a refund through the gateway and
 * a payout made by hand are different money.
 */
export function counterAccountOf(type: 'topup' | 'purchase' | 'refund' | 'adjustment', details: EntryDetails): CounterAccount {
  if (details.counter) return details.counter;
  if (type === 'topup') return 'gateway';
  if (type === 'purchase') return revenueAccount(details.machineId);
  if (type === 'refund') return 'claims';
  throw new Error('an adjustment names its counter account');
}

/** Details carried onto an entry. */
export interface EntryDetails {
  /** On single-sided entries: the book's account on the other side (counterAccountOf). Never on a transfer's legs. */
  counter?: CounterAccount;
  reference: string;
  actor: string;
  machineId?: string;
  machineName?: string;
  volumeMl?: number;
  paymentMethod?: string;
  note?: string;
  offline?: boolean;
}

export interface PostResult {
  balance: number;
  /**
   * The receivable after the operation (0 when nothing is owed), when the operation read it: charges, top-ups and
   * replays; holds, settlements, releases and other posts leave it out rather than read the account again.
   */
  owed?: number;
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
  /** The balance right after the hold was placed (holds placed before it was recorded have none). */
  balanceAfter?: number;
  charged?: number;
}

/** How a ledger operation may be joined with the caller's own writes and what the caller already knows. */
export interface JoinOptions {
  /** Committed in the same transaction; TransactionPartRejected when one of its conditions fails. */
  together?: TransactionPart;
}

/** Running totals over every ledger entry, kept by the ledger's own transactions (admin summary cards). */
export interface LedgerTotals {
  /** Accounts created. */
  users: number;
  /** Per visible entry type: how many entries and the sum of their signed amounts. */
  count: Partial<Record<LedgerEntryType, number>>;
  sum: Partial<Record<LedgerEntryType, number>>;
  /** Millilitres charged for, on time or late. */
  dispensedMl: number;
  /** Open receivables of all users together. */
  owed: number;
}

/**
 * Money moved between two accounts in one balanced transaction (docs/architecture.md, "The book"): the debit of
 * `from` and the credit of `to` commit together or not at all. Accounts are people's wallets and the book's own:
 * a guest order's, a withdrawal's, a refund in flight (`to` is opened at zero when it does not exist yet).
 */
export interface Transfer {
  from: string;
  to: string;
  /** Whole rupiah, > 0; never more than `from` holds. */
  amount: number;
  /** How each side's entry reads in its account's history (default: adjustment). */
  fromType?: 'adjustment' | 'purchase';
  toType?: 'adjustment' | 'refund';
}

/** What a kept guest refill's history row says: the refill's station, litres, payment and when it was. */
export interface GuestRefillRecord extends EntryDetails {
  idempotencyKey: string;
  /** When the refill ended (the receipt's date), where the row sits in the history. */
  at: string;
  charged: number;
}

/**
 * Why the book refused an operation: facts the adapters report, never HTTP. The wallet's domain says what each means
 * to the caller (domain/ledger-rules.ts; docs/architecture.md, "Errors: facts and answers").
 */
export type LedgerRefusalReason =
  /** The balance is no longer the one the caller read (`expectedBalance`, `expectedFromBalance`). */
  | 'balance-changed'
  /** The balance does not cover the debit, hold or transfer. */
  | 'insufficient-balance'
  /** The account kept changing under every attempt. */
  | 'busy'
  /** The idempotency key was used for another operation. */
  | 'key-reused'
  | 'no-account'
  | 'no-hold'
  /** A hold of this id exists for another account or amount. */
  | 'hold-differs'
  /** The hold is settled or released already, otherwise than asked now. */
  | 'hold-closed'
  /** A settlement charging more than the hold. */
  | 'over-hold';

export class LedgerRefused extends Error {
  constructor(readonly reason: LedgerRefusalReason, detail: string = reason) {
    super(detail);
    this.name = 'LedgerRefused';
  }
}

export interface Ledger {
  /**
   * Credits (amount > 0) or debits (amount < 0) once per idempotency key. Debits beyond the balance are refused.
   * A top-up pays the receivable first (a `repayment` entry in the same transaction). With `expectedBalance` the
   * change is made only while the balance is still that one (refused as 'balance-changed' otherwise). `together`
   * joins the caller's writes (a claim's state) to the same transaction.
   */
  post(
    userId: string,
    type: 'topup' | 'purchase' | 'refund' | 'adjustment',
    amount: number,
    idempotencyKey: string,
    details: EntryDetails,
    options?: JoinOptions & { expectedBalance?: number },
  ): Promise<PostResult>;
  /**
   * Debits `amount` (> 0) once per idempotency key as an entry of `type`, as far as the balance covers it; the rest
   * becomes a `receivable` entry on the user instead of a negative balance (water dispensed after its hold was
   * released, a gateway refund of money already spent).
   */
  charge(userId: string, type: 'purchase' | 'adjustment', amount: number, idempotencyKey: string, details: EntryDetails, options?: JoinOptions): Promise<PostResult>;
  /**
   * Reserves `amount` of the balance for a vend; one hold per id. `knownBalance`, the balance the caller has just
   * read, saves a read: when it is out of date the write fails its condition and the ledger reads and tries again.
   */
  hold(userId: string, holdId: string, amount: number, details: EntryDetails, options?: JoinOptions & { knownBalance?: number }): Promise<PostResult>;
  /**
   * Charges exactly `charged` (<= the hold) and releases the rest, once. `knownHold`, the hold as the caller has just
   * read it, saves reading it again, and its balanceAfter is the first guess of the balance, checked by the write.
   */
  settle(holdId: string, charged: number, details: EntryDetails, options?: JoinOptions & { knownHold?: Hold }): Promise<PostResult>;
  /**
   * Makes an open hold `amount` (> 0), once: the difference given back, or held from the balance (refused when the
   * balance cannot cover it). A token's offline reservation becomes a station's vend hold, what that station's full fill
   * costs at its own price (docs/architecture.md, "Offline vends").
   */
  resizeHold(holdId: string, amount: number, details: EntryDetails, options?: JoinOptions & { knownHold?: Hold }): Promise<PostResult>;
  /** Releases an open hold in full, once (dispense failure, expiry); `knownHold` as for settle. */
  release(holdId: string, details: EntryDetails, options?: JoinOptions & { knownHold?: Hold }): Promise<PostResult>;
  /**
   * Moves `amount` from one account to another once per idempotency key, balanced, refused ('insufficient-balance') when `from` holds
   * less; with `expectedFromBalance` only while `from` still holds exactly that. `together` joins the caller's writes.
   */
  transfer(transfer: Transfer, idempotencyKey: string, details: EntryDetails, options?: JoinOptions & { expectedFromBalance?: number }): Promise<PostResult>;
  /**
   * A row of the account's history that moves no money, for the caller to commit with its own writes: a guest's
   * refill kept from its receipt (guest-receipts.ts), written with the order's hand-over so it is there exactly when
   * the receipt is kept.
   */
  recordingGuestRefill(userId: string, record: GuestRefillRecord): TransactionPart;
  getHold(holdId: string): Promise<Hold | null>;
  /** Entries of one user, newest first. */
  entries(userId: string, options: { limit: number; cursor?: string; visibleOnly?: boolean }): Promise<{ items: LedgerEntry[]; nextCursor: string | null }>;
  /** The running totals (a few small reads, never a scan). */
  totals(): Promise<LedgerTotals>;
}
