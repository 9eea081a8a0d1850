import type { TransactionPart } from './transaction';

/**
 * Vend sessions (DESIGN.md, Vend protocol) and the one-time use of NFC tokens. The balance hold of a
 * session has the session's id.
 */
export type VendSessionStatus = 'open' | 'completed' | 'failed' | 'expired';

export interface VendSession {
  id: string;
  stationId: string;
  machineName: string;
  userId: string;
  /** jti of the NFC token that opened it. */
  tokenId: string;
  requestId: string;
  status: VendSessionStatus;
  /** Rupiah held on the balance. */
  holdAmount: number;
  /** Largest volume the station may dispense. */
  maxMl: number;
  /** Price in force when the session opened. */
  pricePerLitre: number;
  createdAt: string;
  /** Open sessions past this time are expired by the sweep. */
  expiresAt: string;
  closedAt?: string;
  dispensedMl?: number;
  charged?: number;
  /** Why it failed or expired. */
  reason?: string;
}

/** How a session ended. */
export type SessionOutcome = Pick<VendSession, 'status' | 'closedAt'> & Partial<Pick<VendSession, 'dispensedMl' | 'charged' | 'reason'>>;

/** Record of an NFC token's first presentation. */
export interface UsedToken {
  jti: string;
  userId: string;
  stationId: string;
  requestId: string;
  sessionId: string;
  usedAt: string;
  /** The token's own expiry; the record may be deleted after it. */
  expiresAt: string;
}

export interface VendSessions {
  /** Marks the token used; returns the earlier record when it was already used. */
  consumeToken(record: UsedToken): Promise<{ consumed: true } | { consumed: false; existing: UsedToken }>;
  /** The record of the token's first presentation, if it was presented. */
  usedToken(jti: string): Promise<UsedToken | null>;
  /**
   * The writes that mark the token used and create its session, for the ledger to commit with the session's hold
   * (one transaction on the vend's critical path); rejected when the token was already used.
   */
  opening(record: UsedToken, session: VendSession): TransactionPart;
  /** Creates the session; false when a session with this id exists. */
  create(session: VendSession): Promise<boolean>;
  get(id: string): Promise<VendSession | null>;
  /** Closes an open session with the given outcome; false when it was not open any more. */
  close(id: string, outcome: SessionOutcome): Promise<boolean>;
  /** The write of `close`, for the ledger to commit with the settlement or release of the hold; rejected when the session was not open. */
  closing(id: string, outcome: SessionOutcome): TransactionPart;
  /** Open sessions whose expiresAt <= now, oldest first. */
  listExpired(now: string, limit: number): Promise<VendSession[]>;
}
