import * as z from 'zod';
import { RUPIAH_PER_POINT } from '../../shared/constants';
import { formatRupiah, priceOfMillilitres } from '../../shared/money';
import type { Settings } from '../../shared/schemas';
import type { Clock, Ids } from '../ports/clock';
import type { Hold, Ledger } from '../ports/ledger';
import type { MachineRecord, Machines } from '../ports/machines';
import type { SettingsStore } from '../ports/settings';
import type { SigningKeys } from '../ports/signing-keys';
import type { StationMessages, VendDenialReason } from '../ports/station-messages';
import type { Users } from '../ports/users';
import { ensureProfile } from './users';
import type { IncidentReport, VendIncident, VendSession, VendSessions } from '../ports/vend-sessions';
import { conflict, DomainError, invalid, notFound } from './errors';
import { combinedParts, TransactionPartRejected } from '../ports/transaction';
import { effectiveStatus, fallbackName } from './machines';
import type { Log } from '../ports/log';
import { DEFAULT_MAX_FILL_ML, StationId } from './stations';
import { signNfcToken, signVendToken, verifyNfcToken } from './tokens';

/**
 * The vend protocol (docs/architecture.md, The vend protocol; the station's side: docs/station-protocol.md):
 * NFC token -> vend/request -> hold + session -> vend/authorized (signed vend token) -> vend/complete
 * (settle exactly the dispensed millilitres) | vend/failed (release) | sweep (expire and release).
 */

/** Time a station has to finish dispensing after its vend token expired, before the sweep may expire the session. */
export const DISPENSE_GRACE_SECONDS = 120;

// ---------------------------------------------------------------------------------------------------------
// Pure rules

/** The smallest balance that may start a vend (settings: 20 points = Rp 2,000). */
export const minimumBalance = (settings: Pick<Settings, 'minBalancePoints'>) => settings.minBalancePoints * RUPIAH_PER_POINT;

export const insufficientBalanceMessage = (minimum: number) =>
  `Insufficient balance: you need at least ${formatRupiah(minimum)} to refill. Top up your wallet and try again.`;

/**
 * What to hold for a vend: the price of the station's maximum fill, or the whole balance when that is
 * less, and the volume that amount pays for. Null when nothing can be dispensed.
 */
export function holdFor(balance: number, maxFillMl: number, pricePerLitre: number): { holdAmount: number; maxMl: number } | null {
  const full = priceOfMillilitres(maxFillMl, pricePerLitre);
  const holdAmount = Math.min(Math.max(0, Math.floor(balance)), full);
  if (holdAmount <= 0) return null;
  const maxMl = holdAmount >= full ? maxFillMl : Math.floor((holdAmount * 1000) / pricePerLitre);
  return maxMl > 0 ? { holdAmount, maxMl } : null;
}

/**
 * The whole millilitres a completion reports, judged against its session: a finite number from 0 up to the
 * authorized volume, fractions rounded down (a meter's 250.5 ml is 250 ml). Anything else (a string, a negative
 * number, more than was authorized, nothing) cannot be settled as it came: the reason for its incident.
 */
export function completedVolume(reported: unknown, session: Pick<VendSession, 'maxMl'>): { ok: true; volumeMl: number } | { ok: false; reason: string } {
  if (reported === undefined || reported === null) return { ok: false, reason: 'no dispensedMl' };
  if (typeof reported !== 'number') return { ok: false, reason: `dispensedMl is a ${typeof reported}, not a number` };
  if (!Number.isFinite(reported)) return { ok: false, reason: 'dispensedMl is not a finite number' };
  if (reported < 0) return { ok: false, reason: 'dispensedMl is negative' };
  const volumeMl = Math.floor(reported);
  if (volumeMl > session.maxMl) return { ok: false, reason: `dispensedMl ${volumeMl} is above the authorized ${session.maxMl} ml` };
  return { ok: true, volumeMl };
}

/** Millilitres settled and their price: never more than authorized, never more than the hold. */
export function settlementFor(dispensedMl: number, session: Pick<VendSession, 'maxMl' | 'holdAmount' | 'pricePerLitre'>): { volumeMl: number; charge: number } {
  const volumeMl = Math.max(0, Math.min(Math.floor(dispensedMl), session.maxMl));
  return { volumeMl, charge: Math.min(session.holdAmount, priceOfMillilitres(volumeMl, session.pricePerLitre)) };
}

export function sessionExpiry(now: Date, settings: Pick<Settings, 'vendTokenExpirySeconds'>): Date {
  return new Date(now.getTime() + (settings.vendTokenExpirySeconds + DISPENSE_GRACE_SECONDS) * 1000);
}

const DENIAL_MESSAGES: Record<VendDenialReason, string> = {
  invalid_token: 'This payment token is not valid. Generate a new one in the app.',
  token_expired: 'This payment token has expired. Generate a new one in the app.',
  token_already_used: 'This payment token was already used. Generate a new one in the app.',
  wrong_station: 'This payment token was already presented at another station.',
  station_offline: 'This station is not available right now.',
  insufficient_balance: 'Insufficient balance: top up your wallet to refill.',
  unknown_station: 'This station is not registered.',
};

// ---------------------------------------------------------------------------------------------------------
// NFC token (POST /api/nfc/generate-token)

export interface TokenHolder {
  sub: string;
  username: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
}

/** A one-time ES256 token to pay at a station; only when the balance reaches the minimum to vend. */
export async function issueNfcToken(
  holder: TokenHolder,
  deps: { users: Users; settings: SettingsStore; signingKeys: SigningKeys; clock: Clock; ids: Ids },
): Promise<{ token: string; expiresAt: string }> {
  const now = deps.clock.now();
  const [user, settings] = await Promise.all([
    ensureProfile(holder, deps.users, now.toISOString()),
    deps.settings.get(),
  ]);
  const minimum = minimumBalance(settings);
  if (user.balance < minimum) throw conflict(insufficientBalanceMessage(minimum));
  const [privateKey, keyId] = await Promise.all([deps.signingKeys.privateKey(), deps.signingKeys.keyId()]);
  const { token, expiresAt } = await signNfcToken({ jti: deps.ids.next(), userId: user.id, now, lifetimeSeconds: settings.nfcTokenExpirySeconds }, { privateKey, keyId });
  return { token, expiresAt: expiresAt.toISOString() };
}

// ---------------------------------------------------------------------------------------------------------
// Station messages, as the topic rules deliver them (the payload's fields with `topic(2) AS stationId`)

export const VendRequest = z.object({
  stationId: StationId,
  /** The NFC token the station read. */
  token: z.string().min(1).max(4096),
  /** The station's correlation id, echoed in the answer; a redelivered request carries the same one. */
  requestId: z.string().trim().min(1).max(64),
});
/**
 * What a vend/complete must carry to be tied to a session. The volume is judged against the session
 * (completedVolume): a report that cannot be settled as it came becomes an incident, never a dropped message.
 */
export const VendCompletion = z.object({
  stationId: StationId,
  sessionId: z.string().min(1).max(128),
  dispensedMl: z.unknown().optional(),
});
export const VendFailed = z.object({
  stationId: StationId,
  sessionId: z.string().min(1).max(128),
  reason: z.string().max(200).optional(),
});

export interface VendDeps {
  machines: Machines;
  users: Users;
  ledger: Ledger;
  settings: SettingsStore;
  vendSessions: VendSessions;
  stationMessages: StationMessages;
  signingKeys: SigningKeys;
  clock: Clock;
  ids: Ids;
  log: Log;
}

export type AuthorizeOutcome =
  | { decision: 'authorized'; sessionId: string; holdAmount: number; maxMl: number }
  | { decision: 'denied'; reason: VendDenialReason }
  | { decision: 'dropped'; why: string };

const stationName = (machine: MachineRecord) => machine.name?.trim() || fallbackName(machine.id);
const isDomain = (error: unknown, status: number) => error instanceof DomainError && error.status === status;
/** The ledger wrote nothing: a conflict (the balance, a hold already closed), no such hold or user, or a joined write's condition failed. */
const refusedByLedger = (error: unknown) => error instanceof TransactionPartRejected || isDomain(error, 409) || isDomain(error, 404);

/** vend/request: verify and consume the token, hold, open the session, answer authorized or denied. */
export async function authorizeVend(event: unknown, deps: VendDeps): Promise<AuthorizeOutcome> {
  const parsed = VendRequest.safeParse(event);
  if (!parsed.success) {
    const stationId = StationId.safeParse((event as { stationId?: unknown } | null)?.stationId);
    const requestId = (event as { requestId?: unknown } | null)?.requestId;
    if (stationId.success && typeof requestId === 'string' && requestId.length > 0 && requestId.length <= 64) {
      return deny(deps, stationId.data, requestId, 'invalid_token', { detail: 'malformed request' });
    }
    deps.log.warn('vend request dropped: malformed', { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    return { decision: 'dropped', why: 'malformed' };
  }
  const { stationId, token, requestId } = parsed.data;
  const now = deps.clock.now();

  const verified = await verifyNfcToken(token, await deps.signingKeys.publicKey(), now);
  if (!verified.ok) return deny(deps, stationId, requestId, verified.failure === 'expired' ? 'token_expired' : 'invalid_token', { detail: verified.detail });
  const { jti, sub: userId, exp } = verified.claims;

  // Independent reads at once: each is a round trip the station waits for.
  const [machine, settings, holder] = await Promise.all([deps.machines.get(stationId), deps.settings.get(), deps.users.get(userId)]);
  if (!machine) return deny(deps, stationId, requestId, 'unknown_station');
  const status = effectiveStatus(machine, now, settings.heartbeatIntervalSeconds);
  if (status !== 'online') return deny(deps, stationId, requestId, 'station_offline', { status });

  const plan = holder && holder.balance >= minimumBalance(settings) ? holdFor(holder.balance, machine.maxFillMl ?? DEFAULT_MAX_FILL_ML, settings.pricePerLitre) : null;
  const newSession = (id: string, held: NonNullable<typeof plan>): VendSession => ({
    id, stationId, machineName: stationName(machine), userId, tokenId: jti, requestId, status: 'open',
    holdAmount: held.holdAmount, maxMl: held.maxMl, pricePerLitre: settings.pricePerLitre,
    createdAt: now.toISOString(), expiresAt: sessionExpiry(now, settings).toISOString(),
  });

  const claim = { jti, userId, stationId, requestId, sessionId: deps.ids.next(), usedAt: now.toISOString(), expiresAt: new Date(exp * 1000).toISOString() };
  const holdDetails = (session: VendSession) => ({ reference: session.id, actor: `station:${stationId}`, machineId: stationId, machineName: session.machineName });

  // The common case in one transaction: the token's single use, its session and the session's hold, all or nothing.
  if (holder && plan) {
    const opened = newSession(claim.sessionId, plan);
    const held = await deps.ledger
      .hold(userId, opened.id, opened.holdAmount, holdDetails(opened), { knownBalance: holder.balance, together: deps.vendSessions.opening(claim, opened) })
      .then(() => true, (error: unknown) => {
        // Nothing was written: the token was presented before (a redelivery, a replay), or the balance no longer
        // covers the hold. The token's own record decides what happens next.
        if (refusedByLedger(error)) return false;
        throw error;
      });
    if (held) return authorized(deps, opened, { requestId, now, settings, resumed: false });
  }

  // One use per token: the first presentation wins, atomically; a denied presentation uses the token up too.
  const consumed = await deps.vendSessions.consumeToken(claim);
  let sessionId = claim.sessionId;
  let session: VendSession | null = null;
  let resumed = false;
  if (!consumed.consumed) {
    const first = consumed.existing;
    if (first.stationId !== stationId) return deny(deps, stationId, requestId, 'wrong_station', { firstStation: first.stationId });
    if (first.requestId !== requestId) return deny(deps, stationId, requestId, 'token_already_used');
    // The same request delivered again (an at-least-once retry): carry on with the session it started.
    sessionId = first.sessionId;
    resumed = true;
    session = await deps.vendSessions.get(sessionId);
    if (session && session.status !== 'open') {
      deps.log.info('vend request redelivered after its session closed: ignored', { stationId, sessionId });
      return { decision: 'dropped', why: 'session closed' };
    }
  }
  if (!session) {
    if (!holder) return deny(deps, stationId, requestId, 'invalid_token', { detail: 'unknown user' });
    if (!plan) return deny(deps, stationId, requestId, 'insufficient_balance', { balance: holder.balance });
    // A redelivered request whose first delivery was denied for its balance, now able to pay (or a balance that
    // changed between the read and the hold: the hold below finds out).
    const fresh = newSession(sessionId, plan);
    session = (await deps.vendSessions.create(fresh)) ? fresh : await deps.vendSessions.get(sessionId);
    if (!session) throw new Error(`vend session ${sessionId} vanished`);
  }

  try {
    await deps.ledger.hold(session.userId, session.id, session.holdAmount, holdDetails(session));
  } catch (error) {
    if (!refusedByLedger(error)) throw error;
    await deps.vendSessions.close(session.id, { status: 'failed', closedAt: now.toISOString(), reason: 'insufficient_balance' });
    return deny(deps, stationId, requestId, 'insufficient_balance');
  }
  return authorized(deps, session, { requestId, now, settings, resumed });
}

type AuthorizeContext = { requestId: string; now: Date; settings: Pick<Settings, 'vendTokenExpirySeconds'> };

async function authorized(deps: VendDeps, session: VendSession, context: AuthorizeContext & { resumed: boolean }): Promise<AuthorizeOutcome> {
  await sendVendToken(deps, session, context);
  deps.log.info('vend authorized', { stationId: session.stationId, sessionId: session.id, holdAmount: session.holdAmount, maxMl: session.maxMl, resumed: context.resumed });
  return { decision: 'authorized', sessionId: session.id, holdAmount: session.holdAmount, maxMl: session.maxMl };
}

/** Signs the vend token of an open, held session and sends it to the station (vend/authorized). */
async function sendVendToken(deps: VendDeps, session: VendSession, context: AuthorizeContext): Promise<void> {
  const [privateKey, keyId] = await Promise.all([deps.signingKeys.privateKey(), deps.signingKeys.keyId()]);
  const vend = await signVendToken(
    { sessionId: session.id, stationId: session.stationId, maxMl: session.maxMl, now: context.now, lifetimeSeconds: context.settings.vendTokenExpirySeconds },
    { privateKey, keyId },
  );
  await deps.stationMessages.vendAuthorized(session.stationId, {
    requestId: context.requestId, sessionId: session.id, vendToken: vend.token, maxMl: session.maxMl, expiresAt: vend.expiresAt.toISOString(),
  });
}

async function deny(deps: VendDeps, stationId: string, requestId: string, reason: VendDenialReason, data: Record<string, unknown> = {}): Promise<AuthorizeOutcome> {
  deps.log.info('vend denied', { stationId, requestId, reason, ...data });
  await deps.stationMessages.vendDenied(stationId, { requestId, reason, message: DENIAL_MESSAGES[reason] });
  return { decision: 'denied', reason };
}

// ---------------------------------------------------------------------------------------------------------
// Direct wallet purchase (POST /api/purchase): a session paid by the gateway (docs/architecture.md, Payments)

/** What a paid purchase order tells the vend domain (structurally the payment order of a purchase). */
export interface PaidOrder {
  orderId: string;
  userId: string;
  /** Rupiah the gateway took and the ledger credited to the wallet under the order id. */
  amount: number;
  machineId: string;
  volumeMl: number;
}

/** The session of a paid order has an id derived from the order's: one order, one session, however often it is opened. */
export const paidSessionId = (orderId: string) => `PAID-${orderId}`;

export const paidButUnavailableMessage = (amount: number) =>
  `This station is not available right now. Your payment of ${formatRupiah(amount)} is in your wallet: tap NFC Pay at a station to refill.`;

/**
 * A remote start paid by the gateway: the paid amount was credited to the buyer's wallet (under the order id).
 * Checks the station, holds exactly that amount, opens a session for the paid volume and sends the station
 * vend/authorized with a signed vend token; vend/complete, vend/failed and the sweep then settle or release it
 * as any NFC session. Idempotent on the order id: a second call finds the session and sends nothing.
 * A station that is unknown or not online answers 409 and the money stays in the wallet.
 */
export async function openPaidVendSession(order: PaidOrder, deps: VendDeps): Promise<{ sessionId: string; status: 'authorized' | VendSession['status'] }> {
  const sessionId = paidSessionId(order.orderId);
  const existing = await deps.vendSessions.get(sessionId);
  if (existing) return { sessionId, status: existing.status === 'open' ? 'authorized' : existing.status };

  const now = deps.clock.now();
  const [machine, settings] = await Promise.all([deps.machines.get(order.machineId), deps.settings.get()]);
  const status = machine ? effectiveStatus(machine, now, settings.heartbeatIntervalSeconds) : 'unknown';
  if (!machine || status !== 'online') {
    deps.log.info('paid vend refused: station not available; the amount stays in the wallet', { orderId: order.orderId, stationId: order.machineId, status });
    throw conflict(paidButUnavailableMessage(order.amount));
  }
  const stationId = machine.id;
  const fresh: VendSession = {
    id: sessionId, stationId, machineName: stationName(machine), userId: order.userId, tokenId: order.orderId, requestId: order.orderId,
    status: 'open', holdAmount: order.amount, maxMl: order.volumeMl, pricePerLitre: settings.pricePerLitre,
    createdAt: now.toISOString(), expiresAt: sessionExpiry(now, settings).toISOString(),
  };
  // The session and its hold are one transaction: two callers at once (the purchase request and the gateway's
  // notification) cannot leave a session without its hold, and only the one that wrote them goes on to the station.
  try {
    const held = await deps.ledger.hold(order.userId, sessionId, order.amount, {
      reference: sessionId, actor: order.userId, machineId: stationId, machineName: fresh.machineName, note: `Paid purchase ${order.orderId}`,
    }, { together: deps.vendSessions.creating(fresh) });
    if (held.replayed) return { sessionId, status: 'authorized' };
  } catch (error) {
    if (error instanceof TransactionPartRejected) {
      const other = await deps.vendSessions.get(sessionId);
      return { sessionId, status: !other || other.status === 'open' ? 'authorized' : other.status };
    }
    if (!refusedByLedger(error)) throw error;
    deps.log.warn('paid vend: the paid amount could not be held', { orderId: order.orderId, sessionId, error: (error as Error).message });
    throw conflict('The paid amount is no longer in your wallet, so the refill could not be started.');
  }

  await sendVendToken(deps, fresh, { requestId: order.orderId, now, settings });
  deps.log.info('paid vend authorized (remote start)', { stationId, sessionId, orderId: order.orderId, holdAmount: order.amount, maxMl: fresh.maxMl });
  return { sessionId, status: 'authorized' };
}

/**
 * How a station's message (or an operator's resolution) ended: settled on time, settled late (after the sweep
 * released the hold; `receivable` when the balance did not cover it all), an incident recorded, released or
 * expired, a repeat that changed nothing, or dropped (not tied to a session of this station).
 */
export type CloseOutcome = 'settled' | 'settledLate' | 'receivable' | 'incident' | 'released' | 'expired' | 'replayed' | 'ignored' | 'dropped';

/** Keeps an incident's copy of a message small. */
const MAX_REPORT_CHARS = 2_000;
const rawPayload = (event: unknown) => {
  const { stationId: _s, receivedAt: _r, ...payload } = (event && typeof event === 'object' ? event : { value: event }) as Record<string, unknown>;
  return JSON.stringify(payload).slice(0, MAX_REPORT_CHARS);
};

/**
 * vend/complete: debit exactly the dispensed millilitres, release the rest, close the session; once. A completion
 * after the hold was released (the sweep expired the session) is charged late; one whose volume cannot be settled
 * as reported becomes an incident that keeps the hold (docs/station-protocol.md).
 */
export async function completeVend(event: unknown, deps: VendDeps): Promise<CloseOutcome> {
  const parsed = VendCompletion.safeParse(event);
  if (!parsed.success) {
    deps.log.warn('vend completion dropped: no session of a station', { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    return 'dropped';
  }
  const { stationId, sessionId, dispensedMl } = parsed.data;
  const owned = await ownSession(deps, stationId, sessionId);
  if (!owned) return 'dropped';
  const { session, hold } = owned;
  const volume = completedVolume(dispensedMl, session);
  if (!volume.ok) return recordIncident(deps, session, { at: deps.clock.now().toISOString(), payload: rawPayload(event), reason: volume.reason });
  if (typeof dispensedMl === 'number' && dispensedMl !== volume.volumeMl) deps.log.info('fractional volume rounded down', { stationId, sessionId, dispensedMl, volumeMl: volume.volumeMl });
  return settleReported(deps, session, hold, volume.volumeMl, { by: `station:${stationId}` });
}

/**
 * Settles what was dispensed, whatever state the session is in: an open session settles its hold; one whose hold
 * was released (expired, failed) is charged late, what the balance does not cover becoming a receivable; a settled
 * one changes nothing. An open incident of the session is resolved in the same transaction.
 */
async function settleReported(
  deps: VendDeps,
  session: VendSession,
  hold: Hold | undefined,
  volumeMl: number,
  resolution: { by: string; note?: string },
): Promise<CloseOutcome> {
  const { stationId, id: sessionId } = session;
  const now = deps.clock.now().toISOString();
  const { charge } = settlementFor(volumeMl, session);
  if (session.status === 'completed') {
    if (session.dispensedMl !== volumeMl) deps.log.warn('vend completion for a settled session with another volume: ignored', { stationId, sessionId, volumeMl, settled: session.dispensedMl });
    return session.dispensedMl === volumeMl ? 'replayed' : 'ignored';
  }
  const resolving = (charged: number) => deps.vendSessions.resolvingIncident(sessionId, { at: now, by: resolution.by, dispensedMl: volumeMl, charged, note: resolution.note });

  if (session.status === 'open') {
    try {
      // The hold's settlement, the session's close (and its incident's resolution) are one transaction.
      const result = await deps.ledger.settle(session.id, charge, {
        reference: session.id, actor: resolution.by, machineId: stationId, machineName: session.machineName, volumeMl,
      }, {
        knownHold: hold,
        together: combinedParts(
          deps.vendSessions.closing(session.id, { status: 'completed', closedAt: now, dispensedMl: volumeMl, charged: charge, ...(session.incident ? { incident: false } : {}) }),
          session.incident ? resolving(charge) : undefined,
        ),
      });
      deps.log.info('vend settled', { stationId, sessionId, volumeMl, charge, balance: result.balance, replayed: result.replayed });
      return result.replayed ? 'replayed' : 'settled';
    } catch (error) {
      if (!refusedByLedger(error)) throw error;
      // Closed meanwhile: the sweep released the hold (then this is a late completion), or another completion settled it.
      const now2 = await deps.vendSessions.get(sessionId);
      if (!now2 || now2.status === 'open') {
        await closeAsHold(deps, session, now, 'completion conflicted with the hold');
        const after = await deps.vendSessions.get(sessionId);
        if (!after || after.status === 'open') throw new Error(`vend session ${sessionId} is open but its hold is not`);
        return settleReported(deps, after, undefined, volumeMl, resolution);
      }
      return settleReported(deps, now2, undefined, volumeMl, resolution);
    }
  }

  // The hold was released (expired by the sweep, or failed): the water was dispensed all the same; charge it now.
  const incident = await deps.vendSessions.incident(sessionId);
  const openIncident = incident?.status === 'open';
  if (charge === 0) {
    if (openIncident) {
      await deps.vendSessions.resolveIncident(sessionId, { at: now, by: resolution.by, dispensedMl: 0, charged: 0, note: resolution.note });
      deps.log.info('vend incident resolved: nothing dispensed', { stationId, sessionId });
    }
    return openIncident ? 'released' : 'ignored';
  }
  try {
    const result = await deps.ledger.charge(session.userId, 'purchase', charge, `late:${session.id}`, {
      reference: session.id, actor: resolution.by, machineId: stationId, machineName: session.machineName, volumeMl,
      note: 'Charged after the hold was released: the completion arrived late',
    }, {
      together: combinedParts(
        deps.vendSessions.settlingLate(session.id, { closedAt: now, dispensedMl: volumeMl, charged: charge }),
        openIncident ? resolving(charge) : undefined,
      ),
    });
    if (result.replayed) return 'replayed';
    const owed = result.entries.find((e) => e.type === 'receivable')?.owed ?? 0;
    deps.log[owed ? 'warn' : 'info']('vend settled late', { stationId, sessionId, volumeMl, charge, owed, balance: result.balance });
    return owed ? 'receivable' : 'settledLate';
  } catch (error) {
    // Settled late already (a repeat of the same completion whose record was written meanwhile), or by another volume.
    if (error instanceof TransactionPartRejected || isDomain(error, 409)) {
      deps.log.info('late completion already settled: ignored', { stationId, sessionId, volumeMl });
      return 'replayed';
    }
    throw error;
  }
}

/** A completion that cannot be settled as reported: stored with its raw payload; an open session keeps its hold. */
async function recordIncident(deps: VendDeps, session: VendSession, report: IncidentReport): Promise<CloseOutcome> {
  if (session.status === 'completed') {
    deps.log.warn('malformed completion for a settled session: ignored', { stationId: session.stationId, sessionId: session.id, reason: report.reason });
    return 'ignored';
  }
  const { held } = await deps.vendSessions.recordIncident(session, report, { holdSession: session.status === 'open' });
  deps.log.warn('vend incident: completion could not be settled as reported', { stationId: session.stationId, sessionId: session.id, reason: report.reason, payload: report.payload, holdKept: held });
  return 'incident';
}

/**
 * An operator resolves a session's open incident with the volume the station actually dispensed (from its
 * counters, the customer, the meter): settled (or charged late) exactly like a valid completion.
 */
export async function resolveIncident(sessionId: string, input: { dispensedMl: number; note: string }, actor: string, deps: VendDeps): Promise<VendIncident> {
  const [incident, session, hold] = await Promise.all([deps.vendSessions.incident(sessionId), deps.vendSessions.get(sessionId), deps.ledger.getHold(sessionId)]);
  if (!incident || !session) throw notFound('Incident not found');
  if (incident.status !== 'open') throw conflict('This incident is already resolved');
  if (input.dispensedMl > session.maxMl) throw invalid(`At most the authorized ${session.maxMl} ml`, { dispensedMl: `At most ${session.maxMl} ml` });
  if (session.status === 'completed') {
    // Settled by the station's own retry meanwhile: only the incident is left open.
    await deps.vendSessions.resolveIncident(sessionId, { at: deps.clock.now().toISOString(), by: actor, dispensedMl: session.dispensedMl ?? 0, charged: 0, note: input.note });
  } else {
    await settleReported(deps, session, hold ?? undefined, input.dispensedMl, { by: actor, note: input.note });
  }
  return (await deps.vendSessions.incident(sessionId))!;
}

/** vend/failed: nothing (more) was dispensed; release the hold in full. */
export async function failVend(event: unknown, deps: VendDeps): Promise<CloseOutcome> {
  const parsed = VendFailed.safeParse(event);
  if (!parsed.success) {
    deps.log.warn('vend failure dropped: malformed', { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    return 'dropped';
  }
  const { stationId, sessionId, reason } = parsed.data;
  const owned = await ownSession(deps, stationId, sessionId);
  if (!owned) return 'dropped';
  const { session, hold } = owned;
  if (session.status !== 'open') return session.status === 'failed' ? 'replayed' : 'ignored';
  return releaseSession(deps, session, { status: 'failed', reason: reason ?? 'dispense failed', hold });
}

/** Sessions read per page of the sweep, and pages per run (a run covers up to 2,000 due sessions). */
const SWEEP_PAGE = 100;
const SWEEP_PAGES = 20;
/** Failing sessions named in the sweep's report (all are counted). */
const REPORTED_FAILURES = 20;

export interface SweepReport {
  expired: number;
  settled: number;
  errors: number;
  /** The first sessions that could not be closed, with why; the next run tries them again. */
  failures: { sessionId: string; error: string }[];
}

/**
 * The scheduled sweep: expires open sessions past their time and releases their holds in full. It pages through
 * every due session, so one that keeps failing never stands in the way of the others; failures are reported.
 */
export async function sweepExpiredSessions(deps: VendDeps, now: Date = deps.clock.now()): Promise<SweepReport> {
  const report: SweepReport = { expired: 0, settled: 0, errors: 0, failures: [] };
  let cursor: string | undefined;
  for (let page = 0; page < SWEEP_PAGES; page++) {
    const due = await deps.vendSessions.listExpired(now.toISOString(), SWEEP_PAGE, cursor);
    for (const session of due.items) {
      try {
        const outcome = await releaseSession(deps, session, { status: 'expired', reason: 'not completed in time', at: now });
        if (outcome === 'expired') report.expired++;
        else report.settled++;
      } catch (error) {
        report.errors++;
        if (report.failures.length < REPORTED_FAILURES) report.failures.push({ sessionId: session.id, error: (error as Error).message });
      }
    }
    if (!due.nextCursor) break;
    cursor = due.nextCursor;
  }
  if (report.errors) deps.log.warn('sweep: some sessions could not be closed; the next run tries them again', { ...report });
  else if (report.expired || report.settled) deps.log.info('sweep', { expired: report.expired, settled: report.settled });
  return report;
}

/** The station's session and its hold, read at once (the hold has the session's id); null for another station's or none. */
async function ownSession(deps: VendDeps, stationId: string, sessionId: string): Promise<{ session: VendSession; hold?: Hold } | null> {
  const [session, hold] = await Promise.all([deps.vendSessions.get(sessionId), deps.ledger.getHold(sessionId)]);
  if (!session) {
    deps.log.warn('vend message for an unknown session: dropped', { stationId, sessionId });
    return null;
  }
  if (session.stationId !== stationId) {
    deps.log.warn('vend message for another station\'s session: dropped', { stationId, sessionId, owner: session.stationId });
    return null;
  }
  return { session, hold: hold ?? undefined };
}

/** Releases the session's hold in full and closes the session as failed or expired; `hold`, when the caller has read it, saves a read. */
async function releaseSession(
  deps: VendDeps,
  session: VendSession,
  { status, reason, at = deps.clock.now(), hold }: { status: 'failed' | 'expired'; reason: string; at?: Date; hold?: Hold },
): Promise<CloseOutcome> {
  const now = at.toISOString();
  const by = status === 'expired' ? 'system' : `station:${session.stationId}`;
  try {
    await deps.ledger.release(
      session.id,
      { reference: session.id, actor: by, machineId: session.stationId, machineName: session.machineName, note: reason },
      {
        knownHold: hold,
        together: combinedParts(
          deps.vendSessions.closing(session.id, { status, closedAt: now, reason, ...(session.incident ? { incident: false } : {}) }),
          // A station that reports the vend failed after a malformed completion resolves the incident: nothing was dispensed.
          session.incident ? deps.vendSessions.resolvingIncident(session.id, { at: now, by, dispensedMl: 0, charged: 0, note: reason }) : undefined,
        ),
      },
    );
  } catch (error) {
    if (!refusedByLedger(error)) throw error;
    return closeAsHold(deps, session, now, reason);
  }
  deps.log.info(`vend ${status}: hold released`, { stationId: session.stationId, sessionId: session.id, amount: session.holdAmount, reason });
  return status === 'expired' ? 'expired' : 'released';
}

/** Closes a session to match its hold when the hold was already closed (or never placed). */
async function closeAsHold(deps: VendDeps, session: VendSession, now: string, reason: string): Promise<CloseOutcome> {
  const hold = await deps.ledger.getHold(session.id);
  if (hold?.status === 'settled') {
    const charged = hold.charged ?? 0;
    const dispensedMl = Math.floor((charged * 1000) / session.pricePerLitre);
    await deps.vendSessions.close(session.id, { status: 'completed', closedAt: now, charged, dispensedMl });
    return 'settled';
  }
  if (hold?.status === 'open') throw new Error(`hold ${session.id} is still open`);
  await deps.vendSessions.close(session.id, { status: session.status === 'open' ? 'expired' : session.status, closedAt: now, reason: hold ? reason : 'no hold was placed' });
  return 'expired';
}
