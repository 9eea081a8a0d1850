import type { z } from 'zod';
import type { AdminStats } from '../../shared/routes';
import type { AdminQueries } from '../ports/admin-queries';
import type { Clock } from '../ports/clock';
import type { Machines } from '../ports/machines';
import type { SettingsStore } from '../ports/settings';
import { effectiveStatus } from './machines';

/**
 * The four summary cards, computed from the data: machines by their effective status (heartbeat age and
 * admin overrides), registered accounts, and settled purchases from the ledger (revenue in rupiah, how
 * many, and the metered litres).
 */
export async function adminStats(deps: { machines: Machines; settings: SettingsStore; adminQueries: AdminQueries; clock: Clock }): Promise<z.infer<typeof AdminStats>> {
  const [records, settings, activeUsers, purchases] = await Promise.all([
    deps.machines.list(),
    deps.settings.get(),
    deps.adminQueries.countUsers(),
    deps.adminQueries.purchaseTotals(),
  ]);
  const now = deps.clock.now();
  const statuses = records.map((r) => effectiveStatus(r, now, settings.heartbeatIntervalSeconds));
  return {
    totalMachines: records.length,
    onlineMachines: statuses.filter((s) => s === 'online').length,
    offlineMachines: statuses.filter((s) => s === 'offline').length,
    activeUsers,
    totalRevenue: purchases.revenue,
    transactionCount: purchases.count,
    waterDispensedLitres: Math.round(purchases.dispensedMl) / 1000,
  };
}
