import { toMachine } from '../../domain/machines';
import { routeHandler } from '../route-handler';

export const handler = routeHandler('listMachines', async ({ services }) => {
  const [records, settings] = await Promise.all([services.machines.list(), services.settings.get()]);
  const now = services.clock.now();
  return records.map((record) => toMachine(record, now, settings.heartbeatIntervalSeconds));
});
