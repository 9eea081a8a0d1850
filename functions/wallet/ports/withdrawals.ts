import type { Language } from '@shared/language';
import type { PayoutDestination, PayoutLine } from '@shared/schemas/withdrawal';
import type { PaymentMethod } from '@shared/schemas/transaction';
import type { TransactionPart } from '../../platform/ports/transaction';

/**
 * A withdrawal's id (`WD-` + 24 hex) names three things: the record, the gateway refund key of each of its refunds,
 * and its own account in the book, which holds what it reserved from the wallet until it is refunded or paid out.
 * So a refund the gateway reports under a withdrawal's key is taken from that account, never from the wallet.
 */
export const WITHDRAWAL_ID_PREFIX = 'WD-';
export const isWithdrawalId = (key: string) => key.startsWith(WITHDRAWAL_ID_PREFIX);

/**
 * Withdrawals of a wallet's unused balance (docs/payments.md, "Withdrawals"): one record per user and Idempotency-Key,
 * so a repeat refunds nothing more and answers the same result; the part the gateway could not refund is the record's
 * payout request, listed for the admin until it is paid or returned to the wallet.
 */
export interface PlannedRefund {
  orderId: string;
  paymentMethod: PaymentMethod;
  paidAt: string;
  paid: number;
  amount: number;
  refundableUntil: string;
}

export type PayoutStatus = 'none' | 'open' | 'paid' | 'returned';

export interface WithdrawalRecord {
  id: string;
  userId: string;
  username: string;
  email: string | null;
  /** The language of the request that made it: its e-mails' (docs/architecture.md, "E-mail"); older records: English. */
  language?: Language;
  createdAt: string;
  /** `voided`: interrupted, then taken over by a later withdrawal; what it still reserved went back to the wallet. */
  status: 'processing' | 'completed' | 'voided';
  /**
   * When the whole balance was moved to the withdrawal's account, in the transaction that created it (records made
   * before reservations existed have none, and are not resumed).
   */
  reservedAt?: string;
  /** Until when one request is carrying it out: nothing else resumes or voids it meanwhile. */
  leaseUntil?: string;
  /** The balance withdrawn (what the user saw and confirmed). */
  balance: number;
  /** Planned while processing; once completed, the refunds the gateway made. */
  refunds: PlannedRefund[];
  /** Once completed, also the refunds the gateway refused. */
  payout: PayoutLine[];
  payoutStatus: PayoutStatus;
  /** Where the user asked the payout to go (given with the request when its plan had a payout; older records: none). */
  payoutDestination?: PayoutDestination | null;
  completedAt?: string;
  /** When the refund e-mails were handed to the mailer (once). */
  mailedAt?: string;
  resolvedAt?: string;
  resolvedBy?: string;
  resolutionNote?: string;
  /** The bank's or e-wallet's reference of the transfer an admin made (paid). */
  transferReference?: string;
}

/** How an admin closed a payout request. */
export interface PayoutClosing {
  status: 'paid' | 'returned';
  by: string;
  note: string;
  at: string;
  /** Paid: the transfer's reference; returned: null. */
  transferReference: string | null;
}

/** The user's one withdrawal in progress. */
export interface WithdrawalLock {
  withdrawalId: string;
  startedAt: string;
}

export interface Withdrawals {
  /**
   * The writes that store a new withdrawal, joined to the ledger's reservation of its balance: rejected when one
   * with this id exists or the user has another withdrawal in progress.
   */
  creating(record: WithdrawalRecord): TransactionPart;
  get(id: string): Promise<WithdrawalRecord | null>;
  /** Several at once (at most 100: one page of History), those that exist. */
  many(ids: string[]): Promise<WithdrawalRecord[]>;
  lockOf(userId: string): Promise<WithdrawalLock | null>;
  /** Takes the withdrawal for one request until `until`, while it is processing and nobody else holds it: false otherwise. */
  lease(id: string, now: string, until: string): Promise<boolean>;
  /** Gives the lease back early (the request ends without finishing it). */
  unlease(id: string, until: string): Promise<void>;
  /**
   * The writes that void a processing withdrawal nobody holds (its lease expired) and free its user's lock, joined to
   * the ledger's transfer of what it still reserves back to the wallet.
   */
  voiding(record: WithdrawalRecord, now: string): TransactionPart;
  /** The same writes alone, for a withdrawal whose account is empty: false when a condition failed. */
  voidEmpty(record: WithdrawalRecord, now: string): Promise<boolean>;
  /** Records the outcome once (status processing -> completed) and frees the user for another withdrawal; null when it was completed before. */
  complete(id: string, outcome: Pick<WithdrawalRecord, 'refunds' | 'payout' | 'payoutStatus' | 'completedAt'>): Promise<WithdrawalRecord | null>;
  /** Marks the refund e-mails sent, once: false when marked before; `undo` takes the mark back (the mailer refused). */
  markMailed(id: string, at: string, undo?: boolean): Promise<boolean>;
  /** Payout requests of one status, newest first. */
  listPayouts(status: Exclude<PayoutStatus, 'none'>, limit: number): Promise<WithdrawalRecord[]>;
  /** Closes an open payout request once (paid: with the transfer's reference); null when it is not open (any more). */
  resolvePayout(id: string, resolution: PayoutClosing): Promise<WithdrawalRecord | null>;
}
