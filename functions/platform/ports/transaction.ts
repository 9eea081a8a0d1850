/**
 * Writes of one repository committed inside another's atomic write, so that a vend's token, session and hold
 * change together or not at all. The repository that owns the items builds the part (VendSessions.opening,
 * VendSessions.closing); the domain hands it on unopened; the ledger commits it with its own writes. Both
 * sides are adapters of the same store: `writes` is what that store's transaction takes.
 */
export interface TransactionPart {
  readonly writes: readonly unknown[];
}

/** A condition of a joined part failed (the token was used, the session was closed): nothing was written. */
export class TransactionPartRejected extends Error {
  constructor() {
    super('A condition of the writes joined to this ledger operation failed; nothing was written');
    this.name = 'TransactionPartRejected';
  }
}

/** Several parts committed as one (a session's close and its incident's resolution). */
export const combinedParts = (...parts: (TransactionPart | undefined)[]): TransactionPart => ({ writes: parts.flatMap((part) => part?.writes ?? []) });
