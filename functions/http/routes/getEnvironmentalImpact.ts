import { impactOfDispensed } from '../../domain/impact';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** GET /api/environmental-impact: the caller's impact, derived from the millilitres the stations metered. */
export const handler = routeHandler(contract.getEnvironmentalImpact, async ({ identity }) => {
  const [user, settings] = await Promise.all([repositories.users().get(identity.sub), repositories.settings().get()]);
  return impactOfDispensed(user?.dispensedMl, settings);
});
