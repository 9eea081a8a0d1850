import { adminActor } from '../../domain/admin-auth';
import { lockStation } from '../../domain/water-safety';
import { log } from '../../observability';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock, ids } from '../../providers/clock';
import { machines } from '../../providers/repositories/machines';
import { safetyRecords } from '../../providers/repositories/safety-records';
import { settings } from '../../providers/repositories/settings';

/** An admin or a technician locks a station on purpose, as '<role>:<username>'. */
export const handler = routeHandler(contract.adminLockStation, async ({ params, body, identity }) => lockStation(params.id, body, adminActor(identity), { machines: machines(), safetyRecords: safetyRecords(), clock: clock(), ids: ids(), settings: settings(), log }));
