import { provisionStation } from '../../domain/stations';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';
import { signingKeys } from '../../providers/signing-keys';
import { stationRegistry } from '../../providers/station-registry';

/** POST /api/admin/machines: provision a station and store it; the certificate bundle is returned once. */
export const handler = routeHandler('adminCreateMachine', async ({ body }) => {
  const { machines, settings, clock } = data();
  return provisionStation(body, { machines, registry: stationRegistry(), signingKeys: signingKeys(), clock, settings: await settings.get() });
});
