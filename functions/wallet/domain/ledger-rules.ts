import { conflict, DomainError, invalid, notFound, unavailable } from '../../platform/domain/errors';
import * as texts from './texts';
import * as accountTexts from '../../accounts/domain/texts';
import { LedgerRefused, type Ledger, type LedgerRefusalReason } from '../ports/ledger';

/**
 * The book's rules on what is asked of it, and what its refusals mean to a caller (docs/architecture.md, "Errors: facts and answers"):
 * the adapters (DynamoDB, in memory) keep the book and report refusals as facts; this decides the answer. Every ledger
 * the use cases are given is wrapped in it, so both adapters answer alike.
 */
export function ledgerWithRules(book: Ledger): Ledger {
  return {
    post: async (userId, type, amount, idempotencyKey, details, options) => {
      if (!Number.isSafeInteger(amount) || amount === 0) throw invalid('Amount must be a non-zero whole number of rupiah');
      if ((type === 'topup' || type === 'refund') && amount < 0) throw invalid(`A ${type} must credit the balance`);
      if (type === 'purchase' && amount > 0) throw invalid('A purchase must debit the balance');
      return decided(book.post(userId, type, amount, idempotencyKey, details, options));
    },
    charge: async (userId, type, amount, idempotencyKey, details, options) => {
      positiveRupiah(amount, 'A charge');
      return decided(book.charge(userId, type, amount, idempotencyKey, details, options));
    },
    hold: async (userId, holdId, amount, details, options) => {
      positiveRupiah(amount, 'A hold');
      return decided(book.hold(userId, holdId, amount, details, options));
    },
    settle: async (holdId, charged, details, options) => {
      if (!Number.isSafeInteger(charged) || charged < 0) throw invalid('The charge must be a whole number of rupiah, at least Rp 0');
      return decided(book.settle(holdId, charged, details, options));
    },
    resizeHold: async (holdId, amount, details, options) => {
      positiveRupiah(amount, 'A hold');
      return decided(book.resizeHold(holdId, amount, details, options));
    },
    release: async (holdId, details, options) => decided(book.release(holdId, details, options)),
    transfer: async (transfer, idempotencyKey, details, options) => {
      positiveRupiah(transfer.amount, 'A transfer');
      if (transfer.from === transfer.to) throw invalid('A transfer needs two accounts');
      return decided(book.transfer(transfer, idempotencyKey, details, options));
    },
    recordingGuestRefill: (userId, record) => book.recordingGuestRefill(userId, record),
    getHold: (holdId) => book.getHold(holdId),
    entries: (userId, options) => book.entries(userId, options),
    totals: () => book.totals(),
  };
}

/** Why the book refused what an error answers, or null when the book did not refuse it. */
export function refusalOf(error: unknown): LedgerRefusalReason | null {
  const refusal = error instanceof DomainError ? error.cause : error;
  return refusal instanceof LedgerRefused ? refusal.reason : null;
}

function positiveRupiah(amount: number, what: string) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw invalid(`${what} must be a positive whole number of rupiah`);
}

async function decided<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    if (!(error instanceof LedgerRefused)) throw error;
    throw meaningOf(error);
  }
}

/**
 * A person reads the first four (both languages); the others are the console's or a defect's, in English. The refusal
 * is the answer's cause (`refusalOf`).
 */
function meaningOf(refusal: LedgerRefused): DomainError {
  const because = { cause: refusal };
  switch (refusal.reason) {
    case 'balance-changed': return conflict(texts.balanceChanged, because);
    case 'insufficient-balance': return conflict(texts.insufficientBalanceShort, because);
    case 'busy': return unavailable(texts.walletBusy, because);
    case 'key-reused': return conflict(texts.keyReusedRequest, because);
    case 'no-account': return notFound(accountTexts.userNotFound, because);
    case 'no-hold': return notFound(refusal.message, because);
    case 'hold-differs':
    case 'hold-closed': return conflict(refusal.message, because);
    case 'over-hold': return invalid(refusal.message, undefined, because);
  }
}
