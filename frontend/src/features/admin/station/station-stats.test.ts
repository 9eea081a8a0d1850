import { describe, expect, it } from 'vitest';
import type { TelemetryReading } from '@shared/schemas/telemetry';
import { intervalsHeard, uptime } from '@shared/station-figures';
import { dailyActivity } from './station-stats';

const reading = (at: string, vends: number, dispensedMl: number, heartbeats = 1): TelemetryReading => ({ at, vends, dispensedMl, heartbeats, waterLevel: 50, tdsPpm: 40, temperatureC: 27, failures: 0, signalDbm: null });

describe('station page figures', () => {
  it('counts vends and litres per Bali day from counter steps, across a restart, and revenue from purchases', () => {
    const readings = [
      reading('2026-03-01T10:00:00Z', 10, 5000),
      reading('2026-03-01T11:00:00Z', 12, 6000),
      reading('2026-03-01T15:30:00Z', 1, 500), // restarted: counters from 0; 23:30 WITA
      reading('2026-03-01T16:30:00Z', 3, 1500), // 00:30 WITA the next day
    ];
    expect(dailyActivity(readings, [{ createdAt: '2026-03-01T10:30:00Z', amount: 1000 }, { createdAt: '2026-03-01T16:10:00Z', amount: 700 }])).toEqual([
      { day: '2026-03-02', vends: 2, litres: 1, revenue: 700 },
      { day: '2026-03-01', vends: 3, litres: 1.5, revenue: 1000 },
    ]);
  });

  it('counts the heartbeat intervals heard: several heartbeats in one count once, a bucket at most the intervals it spans', () => {
    const at = (minute: number) => new Date(Date.parse('2026-03-01T00:00:00Z') + minute * 60_000).toISOString();
    // On change, three in the first 5 minutes; then one at 7 min; none from 10 to 20; one at 21.
    expect(intervalsHeard([0, 1, 4, 7, 21].map((m) => ({ at: at(m) })), 300)).toBe(3);
    expect(intervalsHeard([{ at: at(0), heartbeats: 9 }, { at: at(15), heartbeats: 2 }], 300, 900)).toBe(5);
  });

  it('puts uptime as heartbeat intervals heard over those due since the later of the range start and the creation', () => {
    const range = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-02T00:00:00Z') };
    expect(uptime(720, range, '2026-02-01T00:00:00Z', 60)).toEqual({ percent: 50, heartbeats: 720, expected: 1440 });
    expect(uptime(720, range, '2026-03-01T12:00:00Z', 60)?.percent).toBe(100);
    expect(uptime(0, range, '2026-03-01T23:59:30Z', 60)).toBeNull();
  });
});
