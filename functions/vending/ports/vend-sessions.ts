import type { VolumeProblem } from '@shared/schemas/incident';
import type { TransactionPart } from '../../platform/ports/transaction';

/**
 * Vend sessions (docs/architecture.md, The vend protocol) and the one-time use of NFC tokens. The balance hold of a
 * session has the session's id.
 */
type VendSessionStatus = 'open' | 'completed' | 'failed' | 'expired';

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
  /** Rupiah charged for the water (on a late settlement: paid from the balance and owed together). */
  charged?: number;
  /** Why it failed or expired. */
  reason?: string;
  /** The completion came after the hold was released and was charged then (docs/architecture.md, Late completions). */
  settledLate?: boolean;
  /**
   * On a late settlement, how the session had closed before it: `failed` (the station's own vend/failed) or `expired`
   * (the sweep: the station said nothing in time). Only the station's own failure report supports a claim at once.
   */
  settledLateAfter?: 'failed' | 'expired';
  /** An open incident holds the session: it is out of the sweep, and its hold stays until the incident is resolved. */
  incident?: boolean;
  /** When the station reported that water started to flow (vend/started; optional in the protocol). */
  startedAt?: string;
  /**
   * A guest order's refund in full of a session that ended without a completion (docs/payments.md, "Guest orders"):
   * `waiting`, expired, and the station may still report what it dispensed (listed for the sweep); `due`, it can no
   * longer (it reported since the expiry, or the grace period passed); `made`, the refund's money was set aside, in
   * the same transaction: a completion handled after it is charged late to the emptied guest account.
   */
  fullRefund?: 'waiting' | 'due' | 'made';
}

/** A station's report that could not be settled as it came (docs/architecture.md, Vend incidents). */
export interface IncidentReport {
  at: string;
  /** The message as received, as JSON (at most 2,000 characters). */
  payload: string;
  reason: string;
  problem?: VolumeProblem;
}

export interface IncidentResolution {
  at: string;
  /** 'station:<id>' (a valid retry) or 'admin:<username>'. */
  by: string;
  dispensedMl: number;
  /** Rupiah charged when resolving (0 when nothing was dispensed). */
  charged: number;
  note?: string;
}

export interface VendIncident {
  sessionId: string;
  stationId: string;
  userId: string;
  machineName: string;
  maxMl: number;
  status: 'open' | 'resolved';
  /** Whether the session's hold was still open: it is kept until the incident is resolved. */
  holdKept: boolean;
  firstReport: IncidentReport;
  lastReport: IncidentReport;
  reports: number;
  createdAt: string;
  updatedAt: string;
  resolution?: IncidentResolution;
}

/** How a session ended. */
export type SessionOutcome = Pick<VendSession, 'status' | 'closedAt'> & Partial<Pick<VendSession, 'dispensedMl' | 'charged' | 'reason' | 'incident'>>;

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
  /** The write of `create`, for the ledger to commit with the session's hold; rejected when the session exists. */
  creating(session: VendSession): TransactionPart;
  get(id: string): Promise<VendSession | null>;
  /** Records that the station started dispensing an open session, once: false when it was closed or marked before. */
  markStarted(id: string, at: string): Promise<boolean>;
  /** Closes an open session with the given outcome; false when it was not open any more. */
  close(id: string, outcome: SessionOutcome): Promise<boolean>;
  /**
   * The write of `close`, for the ledger to commit with the settlement or release of the hold; rejected when the session
   * was not open, or (an outcome that does not clear `incident`) when an incident was recorded on it since it was read.
   */
  closing(id: string, outcome: SessionOutcome): TransactionPart;
  /**
   * The write of a late settlement: a session that was expired or failed (its hold released) becomes completed,
   * settledLate, with what the water cost; rejected unless it was expired or failed.
   */
  settlingLate(id: string, outcome: { closedAt: string; dispensedMl: number; charged: number }): TransactionPart;
  /** Open sessions whose expiresAt <= now, oldest first, a page at a time. */
  listExpired(now: string, limit: number, cursor?: string): Promise<{ items: VendSession[]; nextCursor: string | null }>;
  /**
   * Lists an expired session as waiting for its station (`fullRefund` waiting), once, by its expiry `closedAt`: false
   * when it is not expired (a late completion settled it) or was listed before.
   */
  awaitStation(id: string, closedAt: string): Promise<boolean>;
  /** Expired sessions waiting for their station, oldest expiry first, a page at a time. */
  listAwaitingStation(limit: number, cursor?: string): Promise<{ items: VendSession[]; nextCursor: string | null }>;
  /** Waiting -> due, once, off the list: false when it was not waiting (due before, or settled late). */
  markRefundDue(id: string): Promise<boolean>;
  /**
   * The write that records the refund in full (`fullRefund` made), joined to the transfer that sets its money aside;
   * rejected unless the session failed, or expired and its refund is due (a late completion settled it meanwhile).
   */
  refundingInFull(id: string): TransactionPart;

  /**
   * Records a report that could not be settled (a new incident, or one more report on the open one), unless the
   * session was settled meanwhile (its valid completion won the race): `settled`, nothing recorded. With `holdSession`,
   * the session (still open) is taken out of the sweep in the same write, so its hold stays until the incident is
   * resolved: `held`; `recorded` when it had been released meanwhile (expired, failed).
   */
  recordIncident(session: VendSession, report: IncidentReport, options: { holdSession: boolean }): Promise<'held' | 'recorded' | 'settled'>;
  incident(sessionId: string): Promise<VendIncident | null>;
  /** The write that resolves the session's open incident, joined to the settlement or release that resolves it. */
  resolvingIncident(sessionId: string, resolution: IncidentResolution): TransactionPart;
  /** Resolves the open incident on its own (nothing to settle); false when it was not open. */
  resolveIncident(sessionId: string, resolution: IncidentResolution): Promise<boolean>;
  /** Open incidents, oldest first. */
  openIncidents(page: { limit: number; cursor?: string }): Promise<{ items: VendIncident[]; nextCursor: string | null }>;
}
