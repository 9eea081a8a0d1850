import type { TelemetryReading } from '@shared/schemas/telemetry';
import { baliDate } from '@shared/bali-time';
import { counterDelta } from '@shared/station-figures';

export interface DailyActivity {
  day: string;
  vends: number;
  litres: number;
  revenue: number;
}

/**
 * Vends and litres per day from the counters of consecutive readings (a counter lower than the one before means
 * the station restarted from 0, so the new value is what it counted since), and revenue from the purchases.
 */
export function dailyActivity(readings: TelemetryReading[], purchases: { createdAt: string; amount: number }[]): DailyActivity[] {
  const days = new Map<string, DailyActivity>();
  const day = (key: string) => {
    let entry = days.get(key);
    if (!entry) days.set(key, (entry = { day: key, vends: 0, litres: 0, revenue: 0 }));
    return entry;
  };
  for (let i = 1; i < readings.length; i++) {
    const [before, now] = [readings[i - 1]!, readings[i]!];
    const entry = day(baliDate(now.at));
    entry.vends += counterDelta(now.vends, before.vends);
    entry.litres += counterDelta(now.dispensedMl, before.dispensedMl) / 1000;
  }
  for (const p of purchases) day(baliDate(p.createdAt)).revenue += p.amount;
  return [...days.values()].filter((d) => d.vends || d.revenue).sort((a, b) => b.day.localeCompare(a.day));
}
