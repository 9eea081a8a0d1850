import type { Reservation, VendSession } from '../ports/vend-sessions';
import { releaseSession, type SettlingDeps } from './vend-close';
import { refusedByLedger } from './vend-rules';
import type { VendDeps } from './vend';

/**
 * The scheduled sweep: sessions no station closed in time are expired and their holds released; expired guest
 * sessions whose station can no longer report have their refund in full marked due.
 */

/** Sessions read per page of the sweep, and pages per run (a run covers up to 2,000 due sessions). */
const SWEEP_PAGE = 100;
const SWEEP_PAGES = 20;
/** Failing sessions named in the sweep's report (all are counted). */
const REPORTED_FAILURES = 20;
const HOUR_MS = 3_600_000;

export interface SweepReport {
  expired: number;
  /** Unused offline reservations voided (their tokens expired and the settlement window passed). */
  voided: number;
  settled: number;
  /** Expired guest sessions whose refund in full was marked due (their station reported since, or the grace passed). */
  refundsDue: number;
  errors: number;
  /** The first sessions that could not be closed, with why; the next run tries them again. */
  failures: { sessionId: string; error: string }[];
}

/** What the sweep needs: the sessions and the ledger, and to judge a waiting refund, the stations and the grace period. */
export type SweepDeps = SettlingDeps & Pick<VendDeps, 'machines' | 'settings'>;

/** Every due item, a page at a time, each handled apart: one that keeps failing never stands in the way of the others. */
async function eachPaged<T extends VendSession | Reservation>(
  list: (cursor?: string) => Promise<{ items: T[]; nextCursor: string | null }>,
  handle: (item: T) => Promise<void>,
  report: SweepReport,
): Promise<void> {
  let cursor: string | undefined;
  for (let page = 0; page < SWEEP_PAGES; page++) {
    const due = await list(cursor);
    for (const item of due.items) {
      try {
        await handle(item);
      } catch (error) {
        report.errors++;
        if (report.failures.length < REPORTED_FAILURES) report.failures.push({ sessionId: 'id' in item ? item.id : item.jti, error: (error as Error).message });
      }
    }
    if (!due.nextCursor) break;
    cursor = due.nextCursor;
  }
}

/**
 * The scheduled sweep: expires open sessions past their time and releases their holds in full, and voids the offline
 * reservations of tokens no station used once their settlement window has passed. Then the expired guest
 * sessions waiting for their station (docs/payments.md, "Guest orders"): one whose station reported after the expiry
 * (a heartbeat received since: the station delivers its stored final messages before it, docs/station-protocol.md)
 * or whose grace period (`guestRefundGraceHours`) has passed has its refund in full marked due, once; the table's
 * stream then refunds it (guestSessionClosed). Failures are reported and tried again next run.
 */
export async function sweepExpiredSessions(deps: SweepDeps, now: Date = deps.clock.now()): Promise<SweepReport> {
  const report: SweepReport = { expired: 0, voided: 0, settled: 0, refundsDue: 0, errors: 0, failures: [] };
  await eachPaged((cursor) => deps.vendSessions.listExpired(now.toISOString(), SWEEP_PAGE, cursor), async (session) => {
    const outcome = await releaseSession(deps, session, { status: 'expired', reason: 'not completed in time', at: now });
    if (outcome === 'expired') report.expired++;
    else report.settled++;
  }, report);

  // Offline reservations no station used (docs/architecture.md, "Offline vends"): voided with the release of their hold.
  await eachPaged((cursor) => deps.vendSessions.listReservationsDue(now.toISOString(), SWEEP_PAGE, cursor), async (reservation) => {
    const voided = await deps.ledger.release(reservation.jti, { reference: reservation.jti, actor: 'system', note: 'Offline allowance not used' }, {
      together: deps.vendSessions.voidingReservation(reservation.jti),
    }).then(() => true, (error: unknown) => {
      // Used meanwhile (its token's vend holds it now): nothing to void.
      if (refusedByLedger(error)) return false;
      throw error;
    });
    if (voided) report.voided++;
  }, report);

  const { guestRefundGraceHours } = await deps.settings.get();
  const heardAt = new Map<string, Promise<string | undefined>>();
  const lastHeard = (stationId: string) => {
    if (!heardAt.has(stationId)) heardAt.set(stationId, deps.machines.get(stationId).then((m) => m?.heartbeatReceivedAt ?? m?.lastHeartbeat));
    return heardAt.get(stationId)!;
  };
  await eachPaged((cursor) => deps.vendSessions.listAwaitingStation(SWEEP_PAGE, cursor), async (session) => {
    const expiredAt = session.closedAt ?? session.expiresAt;
    const heard = await lastHeard(session.stationId);
    const reported = heard !== undefined && heard > expiredAt;
    const gracePassed = now.getTime() - Date.parse(expiredAt) >= guestRefundGraceHours * HOUR_MS;
    if ((reported || gracePassed) && (await deps.vendSessions.markRefundDue(session.id))) report.refundsDue++;
  }, report);

  if (report.errors) deps.log.warn('sweep: some sessions could not be closed; the next run tries them again', { ...report });
  else if (report.expired || report.voided || report.settled || report.refundsDue) deps.log.info('sweep', { expired: report.expired, voided: report.voided, settled: report.settled, refundsDue: report.refundsDue });
  return report;
}
