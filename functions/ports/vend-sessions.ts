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
  /**
   * Marks the token used and creates its session, both or neither (one round trip on the vend's critical path);
   * returns the earlier record when the token was already used.
   */
  open(record: UsedToken, session: VendSession): Promise<{ consumed: true } | { consumed: false; existing: UsedToken }>;
  /** Creates the session; false when a session with this id exists. */
  create(session: VendSession): Promise<boolean>;
  get(id: string): Promise<VendSession | null>;
  /** Closes an open session with the given outcome; false when it was not open any more. */
  close(id: string, outcome: Pick<VendSession, 'status' | 'closedAt'> & Partial<Pick<VendSession, 'dispensedMl' | 'charged' | 'reason'>>): Promise<boolean>;
  /** Open sessions whose expiresAt <= now, oldest first. */
  listExpired(now: string, limit: number): Promise<VendSession[]>;
}
