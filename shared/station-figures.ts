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
 * Uptime of a range: heartbeats received against those expected at the heartbeat interval, counted from the
 * station's creation when that is later than the range's start; null before any heartbeat was due.
 */
export function uptime(heartbeats: number, range: { from: Date; to: Date }, createdAt: string, intervalSeconds: number): { percent: number; heartbeats: number; expected: number } | null {
  const start = Math.max(range.from.getTime(), Date.parse(createdAt));
  const expected = Math.floor((range.to.getTime() - start) / 1000 / intervalSeconds);
  if (expected < 1) return null;
  return { percent: Math.min(100, Math.round((heartbeats / expected) * 1000) / 10), heartbeats, expected };
}
