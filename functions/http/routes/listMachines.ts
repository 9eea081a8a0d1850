import { toMachine } from '../../domain/machines';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

export const handler = routeHandler('listMachines', async () => {
  const [records, settings] = await Promise.all([data().machines.list(), data().settings.get()]);
  const now = data().clock.now();
  return records.map((record) => toMachine(record, now, settings.heartbeatIntervalSeconds));
});
