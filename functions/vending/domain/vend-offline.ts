import * as z from '@shared/zod';
import { priceOfMillilitres } from '@shared/money';
import { combinedParts } from '../../platform/ports/transaction';
import { StationId, stationPrice } from '../../stations/domain/machines';
import type { UsedToken, VendSession } from '../ports/vend-sessions';
import { rawPayload, type CloseOutcome } from './vend-close';
import type { VendDeps } from './vend';
import { verifyOfflineProof } from './tokens';
import { completedVolume, refusedByLedger, stationName } from './vend-rules';

/**
 * vend/complete of an offline vend (docs/architecture.md, "Offline vends"; the station's side: docs/station-protocol.md,
 * "Offline vends"): a station without its connection verified the NFC token itself, dispensed at most its allowance and
 * delivers the completion with the token as its proof when it reconnects. The back end checks the proof again and
 * settles it once per token: against the token's reservation while it is held, late from the wallet once it was voided;
 * the same token redeemed at a second station is charged late too (at most one allowance more), what the wallet cannot
 * cover becoming owed, and raises an alarm. A proof that cannot be trusted is an incident and charges nothing.
 */

const OfflineCompletion = z.object({
  stationId: StationId,
  offline: z.literal(true),
  /** The NFC token the station verified: the proof. */
  token: z.unknown(),
  dispensedMl: z.optional(z.unknown()),
});

/** The outcomes of an offline completion beyond a session's: a token redeemed at a second station (alarmed). */
export type OfflineOutcome = CloseOutcome | 'redeemedTwice';

export const isOfflineCompletion = (event: unknown) => Boolean(event && typeof event === 'object' && (event as { offline?: unknown }).offline === true);

export async function completeOfflineVend(event: unknown, deps: VendDeps): Promise<OfflineOutcome> {
  const parsed = OfflineCompletion.safeParse(event);
  if (!parsed.success) {
    deps.log.warn('offline completion dropped: not a station\'s', { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    return 'dropped';
  }
  const { stationId, token, dispensedMl } = parsed.data;
  const now = deps.clock.now().toISOString();
  const [proof, machine, settings] = await Promise.all([verifyOfflineProof(token, await deps.signingKeys.publicKey()), deps.machines.get(stationId), deps.settings.get()]);
  const machineName = machine ? stationName(machine) : stationId;
  const untrusted = async (reason: string, about: { jti?: string; userId?: string; maxMl?: number }) => {
    // One incident per token and station (a station delivering it again adds a report), or per proof that names none.
    const subject = `offline-${stationId}-${about.jti ?? crypto.randomUUID()}`;
    await deps.vendSessions.recordOfflineIncident(
      { id: subject, stationId, userId: about.userId ?? 'unknown', machineName, maxMl: about.maxMl ?? 0 },
      { at: now, payload: rawPayload(event), reason },
    );
    deps.log.warn('offline vend incident: the proof cannot be trusted, nothing charged', { stationId, reason, jti: about.jti });
    return 'incident' as const;
  };
  if (!proof.ok) return untrusted(`invalid token: ${proof.detail}`, {});
  const { jti, sub: userId, exp, allowance } = proof.claims;
  if (!allowance) return untrusted('the token carries no offline allowance', { jti, userId });
  const volume = completedVolume(dispensedMl, { maxMl: allowance.ml });
  if (!volume.ok) return untrusted(volume.reason, { jti, userId, maxMl: allowance.ml });

  const [reservation, used] = await Promise.all([deps.vendSessions.reservation(jti), deps.vendSessions.usedToken(jti)]);
  if ((reservation && reservation.userId !== userId) || (used && used.userId !== userId)) return untrusted('the token is another user\'s', { jti, userId, maxMl: allowance.ml });

  const pricePerLitre = machine ? stationPrice(machine, settings) : settings.pricePerLitre;
  const { volumeMl } = volume;
  // At the station's price, never more than the token's allowance in rupiah.
  const charge = Math.min(priceOfMillilitres(volumeMl, pricePerLitre), allowance.idr);
  const details = { reference: jti, actor: `station:${stationId}`, machineId: stationId, machineName, volumeMl, offline: true };

  if (used) {
    if (used.stationId === stationId) return 'replayed';
    return redeemedAgain(deps, { jti, userId, stationId, charge, details, firstStation: used.stationId });
  }

  const session: VendSession = {
    id: jti, stationId, machineName, userId, tokenId: jti, requestId: `offline-${jti}`, status: 'completed', offline: true,
    holdAmount: reservation?.status === 'reserved' ? reservation.amount : 0, maxMl: allowance.ml, pricePerLitre,
    createdAt: now, expiresAt: now, closedAt: now, dispensedMl: volumeMl, charged: charge,
  };
  const first: UsedToken = { jti, userId, stationId, requestId: session.requestId, sessionId: jti, usedAt: now, expiresAt: new Date(exp * 1000).toISOString() };
  try {
    if (reservation?.status === 'reserved') {
      // The reservation's hold settles exactly the water; the rest goes back to the wallet. One transaction, once per token.
      await deps.ledger.settle(jti, charge, details, { together: combinedParts(deps.vendSessions.opening(first, session), deps.vendSessions.usingReservation(jti)) });
      deps.log.info('offline vend settled against its reservation', { stationId, jti, volumeMl, charge });
      return 'settled';
    }
    // Delivered after the settlement window (the reservation was voided): charged late, what the wallet cannot cover owed.
    if (charge === 0) return (await deps.vendSessions.consumeToken(first)).consumed ? 'ignored' : completeOfflineVend(event, deps);
    // The key of every late charge of a session (vend-close.ts): a vend's water is charged late once, whichever way it came.
    const result = await deps.ledger.charge(userId, 'purchase', charge, `late:${jti}`, { ...details, note: 'Offline refill reported after its reservation was voided' }, {
      together: deps.vendSessions.opening(first, { ...session, settledLate: true }),
    });
    const owed = result.entries.find((e) => e.type === 'receivable')?.owed ?? 0;
    deps.log[owed ? 'warn' : 'info']('offline vend settled late', { stationId, jti, volumeMl, charge, owed });
    return owed ? 'receivable' : 'settledLate';
  } catch (error) {
    if (!refusedByLedger(error)) throw error;
    // Another station's completion of the same token (or the sweep's void) won the race: judged again as it stands now.
    return completeOfflineVend(event, deps);
  }
}

/** The same token redeemed at a second station: a late charge of at most one allowance, once per station, and an alarm. */
async function redeemedAgain(
  deps: VendDeps,
  vend: { jti: string; userId: string; stationId: string; charge: number; firstStation: string; details: { reference: string; actor: string; machineId: string; machineName: string; volumeMl: number; offline: boolean } },
): Promise<OfflineOutcome> {
  const { jti, userId, stationId, charge, firstStation } = vend;
  deps.log.warn('offline token redeemed at a second station', { jti, userId, stationId, firstStation, charge });
  if (charge === 0) return 'redeemedTwice';
  const result = await deps.ledger.charge(userId, 'purchase', charge, `offline:${jti}:${stationId}`, {
    ...vend.details, note: `The same code was used at a second station while both were offline (first: ${firstStation})`,
  });
  return result.replayed ? 'replayed' : 'redeemedTwice';
}
