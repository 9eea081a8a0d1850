import { notFound } from '../../platform/domain/errors';
import { toMachine } from '../../stations/domain/machines';
import * as stationTexts from '../../stations/domain/texts';
import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
import { settings as settingsRepository } from '../../platform/providers/repositories/settings';

export const handler = routeHandler(contract.getMachine, async ({ params }) => {
  const [record, settings] = await Promise.all([machines().get(params.id), settingsRepository().get()]);
  if (!record) throw notFound(stationTexts.machineIdNotFound(params.id));
  return toMachine(record, clock().now(), settings);
});
