import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MachineRecord } from '../ports/machines';
import { recentFleet } from './fleet-snapshot';
import { machines } from './repositories/machines';

const station = (id: string) => ({ id, pricePerLitre: 1000 }) as MachineRecord;

/** A fleet whose reads are counted; the next read answers `next`. */
function countedFleet() {
  const fleet = { reads: 0, next: Promise.resolve([station('HRL-00001')]) as Promise<MachineRecord[]> };
  machines.use({ list: () => (fleet.reads++, fleet.next) } as unknown as ReturnType<typeof machines>);
  return fleet;
}

afterEach(() => vi.useRealTimers());

describe('the fleet a container reuses for the offline allowance', () => {
  it('is read once per five minutes, then again; a failed read is not kept', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T06:00:00Z') });
    const fleet = countedFleet();
    expect(await recentFleet().list()).toEqual([station('HRL-00001')]);
    vi.setSystemTime(new Date('2026-11-28T06:04:59Z'));
    fleet.next = Promise.resolve([station('HRL-00002')]);
    expect(await recentFleet().list()).toEqual([station('HRL-00001')]);
    expect(fleet.reads).toBe(1);

    vi.setSystemTime(new Date('2026-11-28T06:05:01Z'));
    fleet.next = Promise.reject(new Error('throttled'));
    await expect(recentFleet().list()).rejects.toThrow('throttled');
    fleet.next = Promise.resolve([station('HRL-00002')]);
    expect(await recentFleet().list()).toEqual([station('HRL-00002')]);
    expect(fleet.reads).toBe(3);
  });
});
