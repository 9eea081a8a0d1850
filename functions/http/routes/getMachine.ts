import { notFound } from '../../domain/errors';
import { toMachine } from '../../domain/machines';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

export const handler = routeHandler('getMachine', async ({ params }) => {
  const [record, settings] = await Promise.all([data().machines.get(params.id), data().settings.get()]);
  if (!record) throw notFound(`Machine ${params.id} not found`);
  return toMachine(record, data().clock.now(), settings.heartbeatIntervalSeconds);
});
