import type { Machines } from '../ports/machines';
import { machines } from './repositories/machines';

/** How long a container reuses the fleet it read: the offline allowance's price needs no fresher figure. */
const FLEET_SNAPSHOT_SECONDS = 300;

let snapshot: { at: number; fleet: ReturnType<Machines['list']> } | null = null;

/**
 * The fleet as read at most once per FLEET_SNAPSHOT_SECONDS per container (the NFC token's offline allowance is priced
 * at the fleet's highest price, docs/architecture.md, "Offline vends"): at 100,000 stations a read per token would cost
 * more than the tokens. A price raised meanwhile is still safe: the token carries its rupiah, and a station dispenses
 * no more than they pay for at its own price.
 */
export const recentFleet = (): Pick<Machines, 'list'> => ({
  list: () => {
    const now = Date.now();
    if (!snapshot || now - snapshot.at > FLEET_SNAPSHOT_SECONDS * 1000) {
      const fleet = machines().list();
      snapshot = { at: now, fleet };
      fleet.catch(() => (snapshot = null));
    }
    return snapshot.fleet;
  },
});
