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
  /** Dispensed by a station without its connection, reported when it reconnected (docs/architecture.md, "Offline vends"). */
  offline?: boolean;
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

/** What an incident is about: a session, or an offline vend's proof that could not be trusted (its own id). */
export type IncidentSubject = Pick<VendSession, 'id' | 'stationId' | 'userId' | 'machineName' | 'maxMl'>;

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

/**
 * The offline allowance an NFC token reserves from the wallet when it is issued (docs/architecture.md, "Offline vends"):
 * the ledger hold whose id is the token's jti. `reserved` until a station uses the token (online, the hold becomes the
 * vend's; offline, its completion settles it) or the sweep voids it, unused, at `voidAt`.
 */
export interface Reservation {
  jti: string;
  userId: string;
  /** Rupiah held. */
  amount: number;
  /** The most an offline station may dispense for it. */
  allowanceMl: number;
  /** The token's issue time and expiry: the token signed again carries the same claims. */
  issuedAt: string;
  expiresAt: string;
  /** The token's expiry plus the settlement window: when the sweep voids it unused. */
  voidAt: string;
  status: 'reserved' | 'used' | 'voided';
}

export interface VendSessions {
  /**
   * The writes that record a new reservation as the account's live token, for the ledger to commit with its hold;
   * rejected when the account's live token is no longer `previousJti` (null: none) as read.
   */
  reserving(reservation: Reservation, previousJti: string | null): TransactionPart;
  reservation(jti: string): Promise<Reservation | null>;
  /** The reservation of the account's latest token, whatever its state. */
  liveReservation(userId: string): Promise<Reservation | null>;
  /** The write that marks a reservation used by its token's vend; rejected unless it was `reserved`. */
  usingReservation(jti: string): TransactionPart;
  /** The write that voids an unused reservation, for the ledger to commit with the release of its hold; rejected unless `reserved`. */
  voidingReservation(jti: string): TransactionPart;
  /** Unused reservations whose voidAt <= now, a page at a time. */
  listReservationsDue(now: string, limit: number, cursor?: string): Promise<{ items: Reservation[]; nextCursor: string | null }>;
  /**
   * The token's first use, its session and its reservation marked used, in one transaction without the ledger: the
   * reservation's hold is the session's (online, item 2 of docs/architecture.md, "Offline vends"). False when the token
   * was used or the reservation was not `reserved` any more: nothing was written.
   */
  openReserved(record: UsedToken, session: VendSession): Promise<boolean>;

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
  /**
   * Records an offline completion whose proof cannot be trusted (docs/architecture.md, "Offline vends"): an incident with
   * its payload and no session or hold (nothing is charged on it); one more report when the same subject comes again.
   */
  recordOfflineIncident(subject: IncidentSubject, report: IncidentReport): Promise<void>;
  incident(sessionId: string): Promise<VendIncident | null>;
  /** The write that resolves the session's open incident, joined to the settlement or release that resolves it. */
  resolvingIncident(sessionId: string, resolution: IncidentResolution): TransactionPart;
  /** Resolves the open incident on its own (nothing to settle); false when it was not open. */
  resolveIncident(sessionId: string, resolution: IncidentResolution): Promise<boolean>;
  /** Open incidents, oldest first. */
  openIncidents(page: { limit: number; cursor?: string }): Promise<{ items: VendIncident[]; nextCursor: string | null }>;
}
