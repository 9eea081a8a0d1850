import { impactOfDispensed } from '../../domain/impact';
import { routeHandler } from '../route-handler';

/** GET /api/environmental-impact: the caller's impact, derived from the millilitres the stations metered. */
export const handler = routeHandler('getEnvironmentalImpact', async ({ identity, services }) => {
  const [user, settings] = await Promise.all([services.users.get(identity!.sub), services.settings.get()]);
  return impactOfDispensed(user?.dispensedMl, settings);
});
