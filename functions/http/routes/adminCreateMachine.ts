import { provisionStation } from '../../domain/stations';
import { routeHandler } from '../route-handler';

/** POST /api/admin/machines: provision a station and store it; the certificate bundle is returned once. */
export const handler = routeHandler('adminCreateMachine', async ({ body, services }) => {
  const settings = await services.settings.get();
  return provisionStation(body, { machines: services.machines, registry: services.stationRegistry, signingKeys: services.signingKeys, clock: services.clock, settings });
});
