import { adminActor } from '../../domain/admin-auth';
import { clearSafetyLock } from '../../domain/water-safety';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock, ids } from '../../providers/clock';
import { machines } from '../../providers/repositories/machines';
import { safetyRecords } from '../../providers/repositories/safety-records';
import { settings } from '../../providers/repositories/settings';

/** An admin or a technician clears a water safety lock once its cause is gone, as '<role>:<username>'. */
export const handler = routeHandler(contract.adminClearSafetyLock, async ({ params, body, identity }) => clearSafetyLock(params.id, body, adminActor(identity), { machines: machines(), safetyRecords: safetyRecords(), clock: clock(), ids: ids(), settings: settings() }));
