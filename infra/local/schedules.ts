import { STATION_LIST_PUBLISHER_TIMEOUT_SECONDS } from '@functions/stations/domain/station-list';
import { lambdaContext } from './lambda-context';

/**
 * The local stand-in for an EventBridge schedule: runs a scheduled function's handler on a timer, one run at a time
 * (a run still going when the next is due skips it, as a function with reserved concurrency 1 would).
 */
function startScheduleTimer<R>(options: { name: string; intervalMs: number; run: (event: object) => Promise<R>; report?: (result: R) => void }) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = options.run({ source: 'local.timer', 'detail-type': 'Scheduled Event', time: new Date().toISOString() })
      .then((result) => options.report?.(result))
      .catch((error: unknown) => console.error(`local ${options.name} failed:`, error))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    /** Runs now (and waits for it), as the schedule would at its next tick. */
    runNow: async () => {
      await running;
      tick();
      await running;
    },
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** functions/iot/sweep.ts, commandSweep.ts and alertSweep.ts, the three targets of one schedule (every minute in AWS). */
export function startSweepTimer(options: { intervalMs: number; log?: (line: string) => void }) {
  return startScheduleTimer({
    name: 'sweep',
    intervalMs: options.intervalMs,
    run: async (event) => {
      const [sweep] = await Promise.all([
        (await import('@functions/iot/sweep')).handler(event, lambdaContext('sweep')),
        (await import('@functions/iot/commandSweep')).handler(event, lambdaContext('commandSweep')),
        (await import('@functions/iot/alertSweep')).handler(event, lambdaContext('alertSweep')),
      ]);
      return sweep;
    },
    report: (result) => {
      if (result.expired || result.settled) options.log?.(`sweep: ${result.expired} vend session(s) expired, holds released`);
      if (result.refundsDue) options.log?.(`sweep: ${result.refundsDue} guest refund(s) due, their stations can no longer report`);
    },
  });
}

/** functions/stations/publish-station-list.ts, every minute in AWS; more often locally, so a change shows at once. */
export function startStationListTimer(options: { intervalMs: number }) {
  return startScheduleTimer({
    name: 'station list',
    intervalMs: options.intervalMs,
    run: async (event) => (await import('@functions/stations/publish-station-list')).handler(event, lambdaContext('publishStationList', STATION_LIST_PUBLISHER_TIMEOUT_SECONDS)),
  });
}
