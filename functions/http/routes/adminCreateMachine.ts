import { provisionStation } from '../../domain/stations';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { signingKeys } from '../../providers/signing-keys';
import { stationRegistry } from '../../providers/station-registry';
import * as repositories from '../../providers/repositories';

/** POST /api/admin/machines: provision a station and store it; the certificate bundle is returned once. */
export const handler = routeHandler(contract.adminCreateMachine, async ({ body }) => {
  const { machines, settings, clock } = { machines: repositories.machines(), settings: repositories.settings(), clock: repositories.clock() };
  return provisionStation(body, { machines, registry: stationRegistry(), signingKeys: signingKeys(), clock, settings: await settings.get() });
});
