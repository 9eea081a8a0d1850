import { impactOfDispensed } from '../../accounts/domain/impact';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { settings as settingsRepository } from '../../platform/providers/repositories/settings';
import { users } from '../../accounts/providers/repositories/users';

/** GET /api/environmental-impact: the caller's impact, derived from the millilitres the stations metered. */
export const handler = routeHandler(contract.getEnvironmentalImpact, async ({ identity }) => {
  const [user, settings] = await Promise.all([users().get(identity.sub), settingsRepository().get()]);
  return impactOfDispensed(user?.dispensedMl, settings);
});
