import type { Language } from '@shared/language';
import type { PayoutLine } from '@shared/schemas';
import type { PaymentMethod } from '@shared/schemas';

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
  status: 'processing' | 'completed';
  /** The balance withdrawn (what the user saw and confirmed). */
  balance: number;
  /** Planned while processing; once completed, the refunds the gateway made. */
  refunds: PlannedRefund[];
  /** Once completed, also the refunds the gateway refused. */
  payout: PayoutLine[];
  payoutStatus: PayoutStatus;
  completedAt?: string;
  /** When the refund e-mails were handed to the mailer (once). */
  mailedAt?: string;
  resolvedAt?: string;
  resolvedBy?: string;
  resolutionNote?: string;
}

export interface Withdrawals {
  /**
   * Stores a new withdrawal unless one with this id exists (then answers the stored one), and only while the user
   * has no other withdrawal in progress (`busy`; one interrupted for longer than `staleAfterMs` no longer counts).
   */
  create(record: WithdrawalRecord, staleAfterMs: number): Promise<{ created: true; record: WithdrawalRecord } | { created: false; record: WithdrawalRecord | null; busy: boolean }>;
  get(id: string): Promise<WithdrawalRecord | null>;
  /** Records the outcome once (status processing -> completed) and frees the user for another withdrawal; null when it was completed before. */
  complete(id: string, outcome: Pick<WithdrawalRecord, 'refunds' | 'payout' | 'payoutStatus' | 'completedAt'>): Promise<WithdrawalRecord | null>;
  /** Marks the refund e-mails sent, once: false when marked before; `undo` takes the mark back (the mailer refused). */
  markMailed(id: string, at: string, undo?: boolean): Promise<boolean>;
  /** Payout requests of one status, newest first. */
  listPayouts(status: Exclude<PayoutStatus, 'none'>, limit: number): Promise<WithdrawalRecord[]>;
  /** Closes an open payout request once; null when it is not open (any more). */
  resolvePayout(id: string, resolution: { status: 'paid' | 'returned'; by: string; note: string; at: string }): Promise<WithdrawalRecord | null>;
}
