import { adminActor } from '../../domain/admin-auth';
import { clearSafetyLock } from '../../domain/water-safety';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** An admin or a technician clears a water safety lock once its cause is gone, as '<role>:<username>'. */
export const handler = routeHandler('adminClearSafetyLock', async ({ params, body, identity }) => clearSafetyLock(params.id, body, adminActor(identity), data()));
