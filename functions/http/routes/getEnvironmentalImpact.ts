import { impactOfDispensed } from '../../domain/impact';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** GET /api/environmental-impact: the caller's impact, derived from the millilitres the stations metered. */
export const handler = routeHandler('getEnvironmentalImpact', async ({ identity }) => {
  const [user, settings] = await Promise.all([data().users.get(identity.sub), data().settings.get()]);
  return impactOfDispensed(user?.dispensedMl, settings);
});
