import { releaseSession, type SettlingDeps } from './vend-close';

/** The scheduled sweep: sessions no station closed in time are expired and their holds released. */

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
export async function sweepExpiredSessions(deps: SettlingDeps, now: Date = deps.clock.now()): Promise<SweepReport> {
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
