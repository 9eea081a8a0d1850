import { provisionStation } from '../../fleet/domain/stations';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { signingKeys } from '../../vending/providers/signing-keys';
import { stationRegistry } from '../../fleet/providers/station-registry';
import { clock } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
import { settings } from '../../platform/providers/repositories/settings';

/** POST /api/admin/machines: provision a station and store it; the certificate bundle is returned once. */
export const handler = routeHandler(contract.adminCreateMachine, async ({ body }) => {
  const deps = { machines: machines(), registry: stationRegistry(), signingKeys: signingKeys(), clock: clock() };
  return provisionStation(body, { ...deps, settings: await settings().get() });
});
