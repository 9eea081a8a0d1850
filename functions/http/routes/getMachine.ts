import { notFound } from '../../domain/errors';
import { toMachine } from '../../domain/machines';
import * as texts from '../../domain/texts';
import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import { clock } from '../../providers/clock';
import { machines as machinesRepository } from '../../providers/repositories/machines';
import { settings as settingsRepository } from '../../providers/repositories/settings';

export const handler = routeHandler(contract.getMachine, async ({ params }) => {
  const [record, settings] = await Promise.all([machinesRepository().get(params.id), settingsRepository().get()]);
  if (!record) throw notFound(texts.machineIdNotFound(params.id));
  return toMachine(record, clock().now(), settings);
});
