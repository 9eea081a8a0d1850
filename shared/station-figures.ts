/**
 * Figures from a station's readings, the same in the admin's station page and the host's impact report
 * (docs/architecture.md, "Telemetry").
 */

/** What a counter counted between two readings: a value lower than the one before means the station restarted from 0. */
export const counterDelta = (now: number, before: number) => (now >= before ? now - before : now);

/** Litres dispensed across consecutive readings (oldest first), from their dispensed-millilitre counters. */
export function litresDispensed(readings: readonly { dispensedMl: number }[]): number {
  let ml = 0;
  for (let i = 1; i < readings.length; i++) ml += counterDelta(readings[i]!.dispensedMl, readings[i - 1]!.dispensedMl);
  return ml / 1000;
}

/**
 * Heartbeat intervals in which at least one heartbeat came: a station reports on change too, so one interval can
 * hold several (docs/stations.md, Heartbeats). Raw readings count by their time; readings bucketed by `stepSeconds`
 * count at most the intervals their bucket spans.
 */
export function intervalsHeard(readings: readonly { at: string; heartbeats?: number }[], intervalSeconds: number, stepSeconds?: number): number {
  if (stepSeconds === undefined) return new Set(readings.map((r) => Math.floor(Date.parse(r.at) / 1000 / intervalSeconds))).size;
  const perBucket = Math.max(1, Math.floor(stepSeconds / intervalSeconds));
  return readings.reduce((n, r) => n + Math.min(r.heartbeats ?? 1, perBucket), 0);
}

/**
 * Uptime of a range: heartbeat intervals heard (intervalsHeard) against those in the range, counted from the
 * station's creation when that is later than the range's start; null before any heartbeat was due.
 */
export function uptime(heard: number, range: { from: Date; to: Date }, createdAt: string, intervalSeconds: number): { percent: number; heartbeats: number; expected: number } | null {
  const start = Math.max(range.from.getTime(), Date.parse(createdAt));
  const expected = Math.floor((range.to.getTime() - start) / 1000 / intervalSeconds);
  if (expected < 1) return null;
  return { percent: Math.min(100, Math.round((heard / expected) * 1000) / 10), heartbeats: heard, expected };
}
