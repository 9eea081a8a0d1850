import type { RouteResponse } from '@shared/routes';
import { TELEMETRY_PAGE_MAX, type TelemetryReading } from '@shared/schemas/telemetry';
import { queryOptions } from '@tanstack/react-query';
import { adminKeys } from './admin';
import { authedApi } from './auth';

/** The ranges of the admin's station page: how far back, and the bucket (seconds) that keeps a chart under 1,000 points. */
export const stationRanges = {
  day: { hours: 24, step: undefined },
  week: { hours: 24 * 7, step: 900 },
  month: { hours: 24 * 30, step: 3600 },
} as const;
export type StationRange = keyof typeof stationRanges;

/** Every reading of a range, page after page (raw readings: for the 24 h charts and the CSV export). */
export async function allReadings(id: string, range: { from: string; to: string }, onProgress?: (n: number) => void, signal?: AbortSignal): Promise<TelemetryReading[]> {
  const readings: TelemetryReading[] = [];
  let cursor: string | undefined;
  do {
    const page = await authedApi('adminMachineTelemetry', { signal, params: { id }, query: { ...range, limit: TELEMETRY_PAGE_MAX, cursor } });
    readings.push(...page.items);
    onProgress?.(readings.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return readings;
}

/** The readings a range's charts show: every reading of a day, buckets for longer ranges. */
async function chartReadings(id: string, range: StationRange, to: Date, signal?: AbortSignal): Promise<TelemetryReading[]> {
  const { hours, step } = stationRanges[range];
  const bounds = { from: new Date(to.getTime() - hours * 3_600_000).toISOString(), to: to.toISOString() };
  if (step === undefined) return allReadings(id, bounds, undefined, signal);
  return (await authedApi('adminMachineTelemetry', { signal, params: { id }, query: { ...bounds, step } })).items;
}

type AdminTransaction = RouteResponse<'adminListTransactions'>['items'][number];
/** Most purchases read for the revenue per day (ten pages of 100). */
const PURCHASES_MAX = 1000;

/** A station's purchases since `from`, newest first, up to 1,000; `partial` when older ones were left unread. */
export async function purchasesSince(machineId: string, from: string, signal?: AbortSignal): Promise<{ purchases: AdminTransaction[]; partial: boolean }> {
  const purchases: AdminTransaction[] = [];
  let cursor: string | undefined;
  do {
    const page = await authedApi('adminListTransactions', { signal, query: { machineId, type: 'purchase', limit: 100, cursor } });
    const inRange = page.items.filter((t) => t.createdAt >= from);
    purchases.push(...inRange);
    if (inRange.length < page.items.length) return { purchases, partial: false };
    cursor = page.nextCursor ?? undefined;
  } while (cursor && purchases.length < PURCHASES_MAX);
  return { purchases, partial: cursor !== undefined };
}

/** The station page's charts and revenue, under the page's key (adminKeys.station). `to` is the range's "now". */
export const stationHistoryQueries = {
  readings: (id: string, range: StationRange, to: Date) =>
    queryOptions({ queryKey: [...adminKeys.station(id), 'readings', range, to.toISOString()] as const, queryFn: ({ signal }) => chartReadings(id, range, to, signal) }),
  purchases: (id: string, from: string) =>
    queryOptions({ queryKey: [...adminKeys.station(id), 'purchases', from] as const, queryFn: ({ signal }) => purchasesSince(id, from, signal) }),
};
