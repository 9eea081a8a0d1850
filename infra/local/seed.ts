import type { Machines } from '../../functions/ports/machines';
import { SEED_STATIONS } from './seed-stations';

const DAY_MS = 86_400_000;

/** Writes the seed stations that are not there yet; running it twice duplicates nothing. */
export async function seedStations(machines: Machines, now = new Date(), onProgress?: (done: number, total: number) => void) {
  let created = 0;
  let done = 0;
  for (const { refilledDaysAgo, ...station } of SEED_STATIONS) {
    const at = now.toISOString();
    const lastRefill = refilledDaysAgo === undefined ? undefined : new Date(now.getTime() - refilledDaysAgo * DAY_MS).toISOString();
    if (await machines.create({ ...station, lastRefill, createdAt: at, updatedAt: at, maxFillMl: 1500 })) created += 1;
    onProgress?.(++done, SEED_STATIONS.length);
  }
  return { created, total: SEED_STATIONS.length };
}
