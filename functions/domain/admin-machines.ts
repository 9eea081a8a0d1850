import type { Machine, MachineStatus } from '@shared/schemas';
import type { Clock } from '../ports/clock';
import type { Machines } from '../ports/machines';
import type { SettingsStore } from '../ports/settings';
import { notFound } from './errors';
import { toMachine } from './machines';

/** Edit Machine: name, location and status (an admin's maintenance or locked wins over heartbeats). */
export async function updateAdminMachine(
  id: string,
  patch: { name: string; location: string; status: MachineStatus },
  deps: { machines: Machines; settings: SettingsStore; clock: Clock },
): Promise<Machine> {
  const now = deps.clock.now();
  const [record, settings] = await Promise.all([
    deps.machines.update(id, { name: patch.name, location: patch.location, status: patch.status, updatedAt: now.toISOString() }),
    deps.settings.get(),
  ]);
  if (!record) throw notFound(`Machine ${id} not found`);
  return toMachine(record, now, settings.heartbeatIntervalSeconds);
}
