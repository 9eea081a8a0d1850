import { startStationListTimer } from './schedules';

/** How long a run of the publisher answers for the local edge: requests within this share it. */
const FRESH_MS = 1_000;

/**
 * The station list file in the local cloud (docs/scale.md, "The station list from the edge"): the publisher runs on a
 * timer as the schedule runs it in AWS, and also just before the local CloudFront serves the file (at most once a
 * second), so a page shows a change at once, where AWS shows it within the schedule's minute.
 */
export function startStationListEdge(bucketOrigin: string) {
  const timer = startStationListTimer({ intervalMs: 60_000 });
  let last: { at: number; run: Promise<void> } | null = null;
  return {
    /** The S3 emulator's address of the bucket (`<endpoint>/<bucket>`, path-style). */
    bucketOrigin,
    refresh(): Promise<void> {
      if (!last || Date.now() - last.at > FRESH_MS) last = { at: Date.now(), run: timer.runNow() };
      return last.run;
    },
    stop: timer.stop,
  };
}

export type LocalStationListEdge = ReturnType<typeof startStationListEdge>;
