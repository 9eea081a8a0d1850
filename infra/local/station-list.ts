import { startStationListTimer } from './schedules';

/**
 * The station list file in the local cloud (docs/scale.md, "The station list from the edge"): the publisher runs on a
 * timer as the schedule runs it in AWS, and also before the local CloudFront serves the file, so a page shows a change
 * at once, where AWS shows it within the schedule's minute.
 */
export function startStationListEdge(bucketOrigin: string) {
  const timer = startStationListTimer({ intervalMs: 60_000 });
  let inFlight: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  return {
    /** The S3 emulator's address of the bucket (`<endpoint>/<bucket>`, path-style). */
    bucketOrigin,
    /**
     * A run that starts after this call, so the file has every write made before the request. Requests that arrive
     * before a run starts share it; one arriving while a run is under way waits for the next (a run that started
     * before a write would serve the list without it).
     */
    refresh(): Promise<void> {
      if (queued) return queued;
      const run = inFlight.then(() => {
        queued = null;
        return timer.runNow();
      });
      queued = run;
      inFlight = run.catch(() => undefined);
      return run;
    },
    stop: timer.stop,
  };
}

export type LocalStationListEdge = ReturnType<typeof startStationListEdge>;
