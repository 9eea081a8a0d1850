import * as z from '@shared/zod';
import type { Clock, Ids } from '../../platform/ports/clock';
import type { Ledger } from '../../wallet/ports/ledger';
import type { Log } from '../../platform/ports/log';
import type { Machines } from '../../stations/ports/machines';
import type { SettingsStore } from '../../platform/ports/settings';
import type { SigningKeys } from '../ports/signing-keys';
import type { StationMessages, VendDenialReason } from '../ports/station-messages';
import type { Users } from '../../accounts/ports/users';
import type { VendSession, VendSessions } from '../ports/vend-sessions';
import type { Settings } from '@shared/schemas/settings';
import { effectiveStatus, stationPrice } from '../../stations/domain/machines';
import { DEFAULT_MAX_FILL_ML } from '@shared/constants';
import { StationId } from '../../stations/domain/machines';
import { signVendToken, verifyNfcToken } from './tokens';
import { holdFor, minimumBalance, refusedByLedger, sessionExpiry, stationName } from './vend-rules';
import { combinedParts } from '../../platform/ports/transaction';

/**
 * The vend protocol (docs/architecture.md, The vend protocol; the station's side: docs/station-protocol.md):
 * NFC token (its offline reservation: the hold) -> vend/request -> session -> vend/authorized (signed vend token) -> vend/complete
 * (settle exactly the dispensed millilitres) | vend/failed (release) | sweep (expire and release).
 * This file is its start: vend/request answered authorized or denied. The close is vend-close.ts, the sweep
 * vend-sweep.ts, sessions paid by the gateway vend-paid.ts.
 */

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

// The station's message, as the topic rule delivers it (the payload's fields with `topic(2) AS stationId`)
const VendRequest = z.object({
  stationId: StationId,
  /** The NFC token the station read. */
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
  /** The station's correlation id, echoed in the answer; a redelivered request carries the same one. */
  requestId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
});
const DENIAL_MESSAGES: Record<VendDenialReason | 'station_locked_safety', { en: string; id: string }> = {
  invalid_token: { en: 'This payment token is not valid. Generate a new one in the app.', id: 'Token pembayaran ini tidak valid. Buat token baru di aplikasi.' },
  token_expired: { en: 'This payment token has expired. Generate a new one in the app.', id: 'Token pembayaran ini sudah kedaluwarsa. Buat token baru di aplikasi.' },
  token_already_used: { en: 'This payment token was already used. Generate a new one in the app.', id: 'Token pembayaran ini sudah digunakan. Buat token baru di aplikasi.' },
  wrong_station: { en: 'This payment token was already presented at another station.', id: 'Token pembayaran ini sudah digunakan di stasiun lain.' },
  station_offline: { en: 'This station is not available right now.', id: 'Stasiun ini sedang tidak tersedia.' },
  station_locked: { en: 'This station is locked by the operator. Please use another station.', id: 'Stasiun ini dikunci oleh operator. Silakan gunakan stasiun lain.' },
  station_locked_safety: {
    en: 'This station is closed for a water safety check. No money was taken. Please use another station.',
    id: 'Stasiun ini ditutup untuk pemeriksaan keamanan air. Tidak ada uang yang diambil. Silakan gunakan stasiun lain.',
  },
  insufficient_balance: { en: 'Insufficient balance: top up your wallet to refill.', id: 'Saldo tidak cukup: isi ulang dompet Anda untuk mengisi air.' },
  unknown_station: { en: 'This station is not registered.', id: 'Stasiun ini tidak terdaftar.' },
};


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
  const [machine, settings, holder, reservation] = await Promise.all([
    deps.machines.get(stationId), deps.settings.get(), deps.users.get(userId), verified.claims.allowance ? deps.vendSessions.reservation(jti) : null,
  ]);
  if (!machine) return deny(deps, stationId, requestId, 'unknown_station');
  const status = effectiveStatus(machine, now, settings.heartbeatIntervalSeconds);
  // A locked station says why: a water safety lock (docs/stations.md, "Water safety") or the operator's.
  if (status === 'locked') return deny(deps, stationId, requestId, 'station_locked', { safetyLock: machine.safetyLock?.reason ?? null }, machine.safetyLock ? 'station_locked_safety' : undefined);
  if (status !== 'online') return deny(deps, stationId, requestId, 'station_offline', { status });

  const plan = holder && holder.balance >= minimumBalance(settings) ? holdFor(holder.balance, machine.maxFillMl ?? DEFAULT_MAX_FILL_ML, stationPrice(machine, settings)) : null;
  const newSession = (id: string, held: NonNullable<typeof plan>): VendSession => ({
    id, stationId, machineName: stationName(machine), userId, tokenId: jti, requestId, status: 'open',
    holdAmount: held.holdAmount, maxMl: held.maxMl, pricePerLitre: stationPrice(machine, settings),
    createdAt: now.toISOString(), expiresAt: sessionExpiry(now, settings).toISOString(),
  });

  const claim = { jti, userId, stationId, requestId, sessionId: deps.ids.next(), usedAt: now.toISOString(), expiresAt: new Date(exp * 1000).toISOString() };
  const holdDetails = (session: VendSession) => ({ reference: session.id, actor: `station:${stationId}`, machineId: stationId, machineName: session.machineName });

  // The token reserved its allowance when it was issued: that hold becomes the vend's (docs/architecture.md, "Offline
  // vends"), the session taking its id, resized in the same transaction to what this station's full fill costs at its
  // own price as far as the reservation and the rest of the balance pay (a price raised since, a top-up meanwhile);
  // the reservation alone if the balance moved between the read and the write.
  const usable = reservation?.status === 'reserved' && reservation.userId === userId ? reservation : null;
  if (usable) {
    const fill = machine.maxFillMl ?? DEFAULT_MAX_FILL_ML;
    const openOnReservation = async (held: NonNullable<typeof plan>): Promise<VendSession | null> => {
      const opened = newSession(usable.jti, held);
      const first = { ...claim, sessionId: opened.id };
      if (held.holdAmount === usable.amount) return (await deps.vendSessions.openReserved(first, opened)) ? opened : null;
      const together = combinedParts(deps.vendSessions.opening(first, opened), deps.vendSessions.usingReservation(jti));
      // A replay means the hold was already resized, by whichever presentation opened the session (another station's at
      // the same price, or this request's first delivery): not this one's opening. The token's record decides below.
      return deps.ledger.resizeHold(usable.jti, held.holdAmount, holdDetails(opened), { together }).then((result) => (result.replayed ? null : opened), (error: unknown) => {
        if (refusedByLedger(error)) return null;
        throw error;
      });
    };
    const withBalance = holdFor(usable.amount + Math.max(0, holder?.balance ?? 0), fill, stationPrice(machine, settings));
    const alone = holdFor(usable.amount, fill, stationPrice(machine, settings));
    const opened = (withBalance && (await openOnReservation(withBalance)))
      ?? (alone && alone.holdAmount !== withBalance?.holdAmount ? await openOnReservation(alone) : null);
    // Not opened: the token was presented before (a redelivery, a replay) or the sweep voided the reservation. As below.
    if (opened) return authorized(deps, opened, { requestId, now, settings, resumed: false });
  }

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
export async function sendVendToken(deps: VendDeps, session: VendSession, context: AuthorizeContext): Promise<void> {
  const [privateKey, keyId] = await Promise.all([deps.signingKeys.privateKey(), deps.signingKeys.keyId()]);
  const vend = await signVendToken(
    { sessionId: session.id, stationId: session.stationId, maxMl: session.maxMl, now: context.now, lifetimeSeconds: context.settings.vendTokenExpirySeconds },
    { privateKey, keyId },
  );
  await deps.stationMessages.vendAuthorized(session.stationId, {
    requestId: context.requestId, sessionId: session.id, vendToken: vend.token, maxMl: session.maxMl, expiresAt: vend.expiresAt.toISOString(),
  });
}

async function deny(deps: VendDeps, stationId: string, requestId: string, reason: VendDenialReason, data: Record<string, unknown> = {}, variant?: keyof typeof DENIAL_MESSAGES): Promise<AuthorizeOutcome> {
  deps.log.info('vend denied', { stationId, requestId, reason, ...data });
  const messages = DENIAL_MESSAGES[variant ?? reason];
  await deps.stationMessages.vendDenied(stationId, { requestId, reason, message: messages.en, messages });
  return { decision: 'denied', reason };
}
