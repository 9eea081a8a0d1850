import type { Machine, MachineStatus, StationType } from '@shared/schemas/machine';
import type { Clock } from '../../platform/ports/clock';
import type { Machines } from '../../stations/ports/machines';
import type { SettingsStore } from '../../platform/ports/settings';
import { conflict, notFound } from '../../platform/domain/errors';
import { toMachine } from '../../stations/domain/machines';
import * as texts from './texts';
import * as stationTexts from '../../stations/domain/texts';

/**
 * Edit Machine: name, location and status (an admin's maintenance or locked wins over heartbeats); the kind of place
 * and whether the public lists show the station, when given.
 */
export async function updateAdminMachine(
  id: string,
  patch: { name: string; location: string; status: MachineStatus; type?: StationType | null; hidden?: boolean },
  deps: { machines: Machines; settings: SettingsStore; clock: Clock },
): Promise<Machine> {
  const now = deps.clock.now();
  // A water safety lock is lifted only through its own route, once its cause is gone (functions/fleet/domain/water-safety.ts).
  const leavesLock = patch.status !== 'locked';
  const [record, settings] = await Promise.all([
    deps.machines.update(id, {
      name: patch.name,
      location: patch.location,
      status: patch.status,
      // Absent leaves a field as it is; null (type) and false (hidden) remove it.
      ...(patch.type !== undefined ? { type: patch.type ?? undefined } : {}),
      ...(patch.hidden !== undefined ? { hidden: patch.hidden || undefined } : {}),
      updatedAt: now.toISOString(),
    }, leavesLock ? { noSafetyLock: true } : {}),
    deps.settings.get(),
  ]);
  if (!record) {
    if (leavesLock && (await deps.machines.get(id))?.safetyLock) throw conflict(texts.stationSafetyLocked);
    throw notFound(stationTexts.machineIdNotFound(id));
  }
  return toMachine(record, now, settings);
}
