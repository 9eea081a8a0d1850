import { adminActor } from '../../domain/admin-auth';
import { clearSafetyLock } from '../../domain/water-safety';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** An admin or a technician clears a water safety lock once its cause is gone, as '<role>:<username>'. */
export const handler = routeHandler(contract.adminClearSafetyLock, async ({ params, body, identity }) => clearSafetyLock(params.id, body, adminActor(identity), { machines: repositories.machines(), safetyRecords: repositories.safetyRecords(), clock: repositories.clock(), ids: repositories.ids(), settings: repositories.settings() }));
