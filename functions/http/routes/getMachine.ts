import { notFound } from '../../domain/errors';
import { toMachine } from '../../domain/machines';
import { routeHandler } from '../route-handler';

export const handler = routeHandler('getMachine', async ({ params, services }) => {
  const [record, settings] = await Promise.all([services.machines.get(params.id), services.settings.get()]);
  if (!record) throw notFound(`Machine ${params.id} not found`);
  return toMachine(record, services.clock.now(), settings.heartbeatIntervalSeconds);
});
