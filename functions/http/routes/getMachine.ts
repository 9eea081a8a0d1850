import { notFound } from '../../domain/errors';
import { toMachine } from '../../domain/machines';
import * as texts from '../../domain/texts';
import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler(contract.getMachine, async ({ params }) => {
  const [record, settings] = await Promise.all([repositories.machines().get(params.id), repositories.settings().get()]);
  if (!record) throw notFound(texts.machineIdNotFound(params.id));
  return toMachine(record, repositories.clock().now(), settings);
});
