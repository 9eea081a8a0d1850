import * as z from '@shared/zod';
import type { Hold } from '../../wallet/ports/ledger';
import { combinedParts, TransactionPartRejected } from '../../platform/ports/transaction';
import type { IncidentReport, VendIncident, VendSession } from '../ports/vend-sessions';
import { conflict, invalid, notFound } from '../../platform/domain/errors';
import { StationId } from '../../stations/domain/machines';
import type { VendDeps } from './vend';
import { completedVolume, isDomain, refusedByLedger, settlementFor } from './vend-rules';
import * as texts from './texts';

/** What settling a session's ledger needs: no station messages or token keys (an operator's resolution needs no more). */
/** What closing a session needs: its record, the ledger's hold, the time. */
export type SettlingDeps = Pick<VendDeps, 'vendSessions' | 'ledger' | 'clock' | 'log'>;

/** How a vend session closes: vend/complete settles, vend/failed releases, an incident waits for an operator. */

// The station's messages, as the topic rules deliver them (the payload's fields with `topic(2) AS stationId`)
/**
 * What a vend/complete must carry to be tied to a session. The volume is judged against the session
 * (completedVolume): a report that cannot be settled as it came becomes an incident, never a dropped message.
 */
const VendCompletion = z.object({
  stationId: StationId,
  sessionId: z.string().check(z.minLength(1), z.maxLength(128)),
  dispensedMl: z.optional(z.unknown()),
});
const VendStarted = z.object({
  stationId: StationId,
  sessionId: z.string().check(z.minLength(1), z.maxLength(128)),
  /** The rules engine's receive time (ms). */
  receivedAt: z.optional(z.number().check(z.int(), z.positive())),
});
const VendFailed = z.object({
  stationId: StationId,
  sessionId: z.string().check(z.minLength(1), z.maxLength(128)),
  reason: z.optional(z.string().check(z.maxLength(200))),
});

/**
 * How a station's message (or an operator's resolution) ended: settled on time, settled late (after the sweep
 * released the hold; `receivable` when the balance did not cover it all), an incident recorded, released or
 * expired, a repeat that changed nothing, or dropped (not tied to a session of this station).
 */
export type CloseOutcome = 'settled' | 'settledLate' | 'receivable' | 'incident' | 'released' | 'expired' | 'replayed' | 'ignored' | 'dropped';

/** Keeps an incident's copy of a message small. */
const MAX_REPORT_CHARS = 2_000;
/** A station's message as an incident keeps it: without what the rule adds, at most MAX_REPORT_CHARS. */
export const rawPayload = (event: unknown) => {
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
  if (!volume.ok) return recordIncident(deps, session, { at: deps.clock.now().toISOString(), payload: rawPayload(event), reason: volume.reason, problem: volume.problem });
  if (typeof dispensedMl === 'number' && dispensedMl !== volume.volumeMl) deps.log.info('fractional volume rounded down', { stationId, sessionId, dispensedMl, volumeMl: volume.volumeMl });
  return settleReported(deps, session, hold, volume.volumeMl, { by: `station:${stationId}` });
}

/**
 * Settles what was dispensed, whatever state the session is in: an open session settles its hold; one whose hold
 * was released (expired, failed) is charged late, what the balance does not cover becoming a receivable; a settled
 * one changes nothing. An open incident of the session is resolved in the same transaction.
 */
async function settleReported(
  deps: SettlingDeps,
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
      // Closed meanwhile: the sweep released the hold (then this is a late completion), or another completion settled it;
      // or a malformed copy of the report recorded an incident since the session was read: settled again, resolving it.
      const current = await deps.vendSessions.get(sessionId);
      if (current?.status === 'open' && current.incident && !session.incident) return settleReported(deps, current, hold, volumeMl, resolution);
      if (!current || current.status === 'open') {
        await closeAsHold(deps, session, now, 'completion conflicted with the hold');
        const after = await deps.vendSessions.get(sessionId);
        if (!after || after.status === 'open') throw new Error(`vend session ${sessionId} is open but its hold is not`);
        return settleReported(deps, after, undefined, volumeMl, resolution);
      }
      return settleReported(deps, current, undefined, volumeMl, resolution);
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
  const recorded = await deps.vendSessions.recordIncident(session, report, { holdSession: session.status === 'open' });
  if (recorded === 'settled') {
    deps.log.warn('malformed completion for a session settled meanwhile: ignored', { stationId: session.stationId, sessionId: session.id, reason: report.reason });
    return 'ignored';
  }
  deps.log.warn('vend incident: completion could not be settled as reported', { stationId: session.stationId, sessionId: session.id, reason: report.reason, payload: report.payload, holdKept: recorded === 'held' });
  return 'incident';
}

/**
 * An operator resolves a session's open incident with the volume the station actually dispensed (from its
 * counters, the customer, the meter): settled (or charged late) exactly like a valid completion.
 */
export async function resolveIncident(sessionId: string, input: { dispensedMl: number; note: string }, actor: string, deps: SettlingDeps): Promise<VendIncident> {
  const [incident, session, hold] = await Promise.all([deps.vendSessions.incident(sessionId), deps.vendSessions.get(sessionId), deps.ledger.getHold(sessionId)]);
  if (!incident || !session) throw notFound(texts.incidentNotFound);
  if (incident.status !== 'open') throw conflict(texts.incidentResolvedAlready);
  if (input.dispensedMl > session.maxMl) throw invalid(texts.atMostAuthorized(session.maxMl), { dispensedMl: `At most ${session.maxMl} ml` });
  if (session.status === 'completed') {
    // Settled by the station's own retry meanwhile: only the incident is left open.
    await deps.vendSessions.resolveIncident(sessionId, { at: deps.clock.now().toISOString(), by: actor, dispensedMl: session.dispensedMl ?? 0, charged: 0, note: input.note });
  } else {
    await settleReported(deps, session, hold ?? undefined, input.dispensedMl, { by: actor, note: input.note });
  }
  return (await deps.vendSessions.incident(sessionId))!;
}

/**
 * vend/started: the station opened the valve for an open session (docs/station-protocol.md). Moves no money: it only
 * tells the session's payer that water is flowing (a guest's page shows "dispensing"). Once per session; a start
 * for a closed session, another station's or an unknown one changes nothing.
 */
export async function startedVend(event: unknown, deps: Pick<VendDeps, 'vendSessions' | 'clock' | 'log'>): Promise<'started' | 'replayed' | 'ignored' | 'dropped'> {
  const parsed = VendStarted.safeParse(event);
  if (!parsed.success) {
    deps.log.warn('vend start dropped: malformed', { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    return 'dropped';
  }
  const { stationId, sessionId, receivedAt } = parsed.data;
  const session = await deps.vendSessions.get(sessionId);
  if (!session || session.stationId !== stationId) {
    deps.log.warn('vend start for an unknown session or another station\'s: dropped', { stationId, sessionId });
    return 'dropped';
  }
  if (session.startedAt) return 'replayed';
  if (session.status !== 'open') return 'ignored';
  const at = new Date(receivedAt ?? deps.clock.now().getTime()).toISOString();
  return (await deps.vendSessions.markStarted(sessionId, at)) ? 'started' : 'ignored';
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
export async function releaseSession(
  deps: SettlingDeps,
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
    // An incident recorded since the session was read (a malformed completion before the failure): released again, resolving it.
    const current = await deps.vendSessions.get(session.id);
    if (current?.status === 'open' && current.incident && !session.incident) return releaseSession(deps, current, { status, reason, at, hold });
    return closeAsHold(deps, session, now, reason);
  }
  deps.log.info(`vend ${status}: hold released`, { stationId: session.stationId, sessionId: session.id, amount: session.holdAmount, reason });
  return status === 'expired' ? 'expired' : 'released';
}

/** Closes a session to match its hold when the hold was already closed (or never placed). */
async function closeAsHold(deps: SettlingDeps, session: VendSession, now: string, reason: string): Promise<CloseOutcome> {
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
