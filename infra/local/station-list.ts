import { startStationListTimer } from './schedules';

/** How long a request waits for the publisher before it is served the file as it stands (a run that slow is logged). */
const REFRESH_WAIT_MS = 5_000;

/**
 * The station list file in the local cloud (docs/scale.md, "The station list from the edge"): the publisher runs on a
 * timer as the schedule runs it in AWS, and also before the local CloudFront serves the file, so a page shows a change
 * at once, where AWS shows it within the schedule's minute.
 */
export function startStationListEdge(bucketOrigin: string, log: (line: string) => void = console.warn) {
  const timer = startStationListTimer({ intervalMs: 60_000 });
  let inFlight: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  return {
    /** The S3 emulator's address of the bucket (`<endpoint>/<bucket>`, path-style). */
    bucketOrigin,
    /**
     * A run that starts after this call, so the file has every write made before the request. Requests that arrive
     * before a run starts share it; one arriving while a run is under way waits for the next (a run that started
     * before a write would serve the list without it). Never longer than REFRESH_WAIT_MS: a page is not held up by
     * a slow run (under a full test run's load), it gets the file as it stands, as from AWS within the minute.
     */
    refresh(): Promise<void> {
      if (!queued) {
        const run = inFlight.then(() => {
          queued = null;
          return timer.runNow();
        });
        queued = run;
        inFlight = run.catch(() => undefined);
      }
      const run = queued;
      let waited: ReturnType<typeof setTimeout> | undefined;
      const bound = new Promise<void>((resolve) => {
        waited = setTimeout(() => {
          log(`local station list: the publisher took longer than ${REFRESH_WAIT_MS / 1000} s; serving the file as it stands`);
          resolve();
        }, REFRESH_WAIT_MS);
      });
      return Promise.race([run, bound]).finally(() => clearTimeout(waited));
    },
    stop: timer.stop,
  };
}

export type LocalStationListEdge = ReturnType<typeof startStationListEdge>;
