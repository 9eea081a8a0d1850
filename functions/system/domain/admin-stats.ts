import type * as z from 'zod/mini';
import type { AdminStats } from '@shared/routes/system';
import type { Clock } from '../../platform/ports/clock';
import type { Ledger } from '../../wallet/ports/ledger';
import type { Machines } from '../../stations/ports/machines';
import type { SettingsStore } from '../../platform/ports/settings';
import { effectiveStatus } from '../../stations/domain/machines';

/**
 * The four summary cards: machines by their effective status (heartbeat age and admin overrides), and from the
 * ledger's running totals (kept by its own transactions, so this never scans the ledger): registered accounts,
 * purchases (revenue in rupiah, how many), the metered litres charged for, and what users owe.
 */
export async function adminStats(deps: { machines: Machines; settings: SettingsStore; ledger: Ledger; clock: Clock }): Promise<z.infer<typeof AdminStats>> {
  const [records, settings, totals] = await Promise.all([deps.machines.list(), deps.settings.get(), deps.ledger.totals()]);
  const now = deps.clock.now();
  const statuses = records.map((r) => effectiveStatus(r, now, settings.heartbeatIntervalSeconds));
  return {
    totalMachines: records.length,
    onlineMachines: statuses.filter((s) => s === 'online').length,
    offlineMachines: statuses.filter((s) => s === 'offline').length,
    activeUsers: totals.users,
    totalRevenue: -(totals.sum.purchase ?? 0),
    transactionCount: totals.count.purchase ?? 0,
    waterDispensedLitres: Math.round(totals.dispensedMl) / 1000,
    openReceivables: totals.owed,
  };
}
