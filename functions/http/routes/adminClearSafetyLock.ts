import { adminActor } from '../../accounts/domain/admin-auth';
import { clearSafetyLock } from '../../fleet/domain/water-safety';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock, ids } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
import { safetyRecords } from '../../fleet/providers/repositories/safety-records';
import { settings } from '../../platform/providers/repositories/settings';

/** An admin or a technician clears a water safety lock once its cause is gone, as '<role>:<username>'. */
export const handler = routeHandler(contract.adminClearSafetyLock, async ({ params, body, identity }) => clearSafetyLock(params.id, body, adminActor(identity), { machines: machines(), safetyRecords: safetyRecords(), clock: clock(), ids: ids(), settings: settings() }));
