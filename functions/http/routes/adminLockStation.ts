import { adminActor } from '../../accounts/domain/admin-auth';
import { lockStation } from '../../fleet/domain/water-safety';
import { log } from '../../platform/observability';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock, ids } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
import { safetyRecords } from '../../fleet/providers/repositories/safety-records';
import { settings } from '../../platform/providers/repositories/settings';

/** An admin or a technician locks a station on purpose, as '<role>:<username>'. */
export const handler = routeHandler(contract.adminLockStation, async ({ params, body, identity }) => lockStation(params.id, body, adminActor(identity), { machines: machines(), safetyRecords: safetyRecords(), clock: clock(), ids: ids(), settings: settings(), log }));
