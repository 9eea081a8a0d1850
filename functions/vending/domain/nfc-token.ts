import type { Language, Localized } from '@shared/language';
import type { NfcTokenProgress, NfcTokenResponse } from '@shared/schemas/nfc';
import type { Clock, Ids } from '../../platform/ports/clock';
import type { SettingsStore } from '../../platform/ports/settings';
import type { SigningKeys } from '../ports/signing-keys';
import type { Users } from '../../accounts/ports/users';
import type { Ledger } from '../../wallet/ports/ledger';
import type { FleetPrices } from '../../stations/ports/fleet-prices';
import type { Reservation, VendSession, VendSessions } from '../ports/vend-sessions';
import { conflict, notFound } from '../../platform/domain/errors';
import { signNfcToken } from './tokens';
import type { SignedInPerson } from '../../platform/ports/caller-directory';
import { ensureProfile } from '../../accounts/domain/users';
import * as texts from './texts';
import { minimumBalance, offlineAllowance, refusedByLedger } from './vend-rules';

/**
 * The NFC token (POST /api/nfc/generate-token): what a phone shows a station to pay from the wallet, and what became
 * of it (GET /api/nfc/tokens/{id}).
 */

export type IssueDeps = {
  users: Users; settings: SettingsStore; signingKeys: SigningKeys; clock: Clock; ids: Ids;
  ledger: Pick<Ledger, 'hold'>; vendSessions: Pick<VendSessions, 'reserving' | 'liveReservation'>; fleetPrices: Pick<FleetPrices, 'highest'>;
};

/**
 * A one-time ES256 token to pay at a station, which reserves its offline allowance in the book (docs/architecture.md,
 * "Offline vends"): a hold from the wallet with the token's jti, committed with the token's reservation. One live token
 * per account: while it lives unused, the same token (its jti, claims and reservation) is signed again; a new one only
 * once it was used or expired. Refused below the minimum balance to vend, and while the account owes money.
 */
export async function issueNfcToken(holder: SignedInPerson, deps: IssueDeps): Promise<NfcTokenResponse> {
  const now = deps.clock.now();
  const [user, settings, live, fleetHighest] = await Promise.all([
    ensureProfile(holder, deps.users, now.toISOString()),
    deps.settings.get(),
    deps.vendSessions.liveReservation(holder.sub),
    deps.fleetPrices.highest(),
  ]);
  if ((user.owed ?? 0) > 0) throw conflict(texts.owedBeforeToken(user.owed ?? 0));
  if (live && isLive(live, now)) return signed(live, deps);
  const minimum = minimumBalance(settings);
  if (user.balance < minimum) throw conflict(texts.insufficientBalance(minimum));
  // The fleet's highest price as the station list last published it; the default price may have been raised since.
  const allowance = offlineAllowance(user.balance, settings.offlineAllowanceMl, Math.max(fleetHighest ?? 0, settings.pricePerLitre));
  const issuedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const expiresAt = new Date(issuedAt.getTime() + settings.nfcTokenExpirySeconds * 1000);
  const reservation: Reservation = {
    jti: deps.ids.next(), userId: user.id, amount: allowance.idr, allowanceMl: allowance.ml, status: 'reserved',
    issuedAt: issuedAt.toISOString(), expiresAt: expiresAt.toISOString(), voidAt: new Date(expiresAt.getTime() + settings.offlineSettlementWindowMinutes * 60_000).toISOString(),
  };
  try {
    await deps.ledger.hold(user.id, reservation.jti, reservation.amount, { reference: reservation.jti, actor: user.id, note: 'Offline allowance of an NFC token' }, {
      knownBalance: user.balance, together: deps.vendSessions.reserving(reservation, live?.jti ?? null),
    });
  } catch (error) {
    if (!refusedByLedger(error)) throw error;
    // Another request of the same account issued its token meanwhile (two taps): that one is the live token.
    const winner = await deps.vendSessions.liveReservation(user.id);
    if (winner && winner.jti !== live?.jti && isLive(winner, now)) return signed(winner, deps);
    throw conflict(texts.insufficientBalance(minimum));
  }
  return signed(reservation, deps);
}

/**
 * What the holder's reservation keeps out of the balance while no station has used it (GET /api/auth/user): until it
 * is voided, when the sweep gives it back.
 */
export const heldByPayCode = (reservation: Reservation | null): { amount: number; until: string } | null =>
  reservation?.status === 'reserved' && reservation.amount > 0 ? { amount: reservation.amount, until: reservation.voidAt } : null;

/** Unused and not expired: a station may still take it. */
const isLive = (reservation: Reservation, now: Date) => reservation.status === 'reserved' && Date.parse(reservation.expiresAt) > now.getTime();


/** The reservation's token: the same claims whenever it is signed. */
async function signed(reservation: Reservation, deps: Pick<IssueDeps, 'signingKeys'>): Promise<NfcTokenResponse> {
  const [privateKey, keyId] = await Promise.all([deps.signingKeys.privateKey(), deps.signingKeys.keyId()]);
  const issuedAt = new Date(reservation.issuedAt);
  const { token, expiresAt } = await signNfcToken({
    jti: reservation.jti, userId: reservation.userId, now: issuedAt, lifetimeSeconds: (Date.parse(reservation.expiresAt) - issuedAt.getTime()) / 1000,
    allowance: { ml: reservation.allowanceMl, idr: reservation.amount },
  }, { privateKey, keyId });
  return { token, expiresAt: expiresAt.toISOString(), tokenId: reservation.jti, reservedIdr: reservation.amount, allowanceMl: reservation.allowanceMl };
}

/**
 * What became of the holder's token `tokenId` (its jti), read from the record of its first presentation and the vend
 * session that opened. Before a station presents it there is no record of it, so any id nobody presented is waiting
 * (a random id tells nothing); once presented, it is another person's vend to anyone but its holder: 404.
 */
export async function followNfcToken(
  holderId: string,
  tokenId: string,
  deps: { vendSessions: Pick<VendSessions, 'usedToken' | 'get'> },
  language: Language,
): Promise<NfcTokenProgress> {
  const used = await deps.vendSessions.usedToken(tokenId);
  const progress = { tokenId, stationName: null, chargedIdr: 0, dispensedMl: 0, settledLate: false, reason: null };
  if (!used) return { ...progress, status: 'waiting' };
  if (used.userId !== holderId) throw notFound(texts.nfcTokenNotFound);
  const session = await deps.vendSessions.get(used.sessionId);
  // A presentation that opened no session was refused for the balance (vend.ts: the token is used up all the same).
  if (!session) return { ...progress, status: 'not_used', reason: texts.notUsedBalance[language] };
  const atStation = { ...progress, stationName: session.machineName };
  // An open session with an incident: the station reported what cannot be settled as it stands (docs/station-protocol.md).
  if (session.status === 'open') return session.incident ? { ...atStation, status: 'checking', reason: texts.vendBeingChecked[language] } : { ...atStation, status: 'dispensing' };
  const charged = session.charged ?? 0;
  if (session.status === 'completed' && charged > 0) {
    return { ...atStation, status: 'charged', chargedIdr: charged, dispensedMl: session.dispensedMl ?? 0, settledLate: session.settledLate ?? false };
  }
  return { ...atStation, status: 'not_used', reason: whyNotUsed(session)[language] };
}

/** Why a closed session charged nothing, from how it closed (its stored reason is the station's or the sweep's English). */
function whyNotUsed(session: VendSession): Localized {
  if (session.status === 'completed') return texts.notUsedNoWater;
  if (session.status === 'expired') return texts.notUsedNoReport;
  return session.reason === 'insufficient_balance' ? texts.notUsedBalance : texts.notUsedStationStopped;
}
