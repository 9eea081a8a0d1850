import { adminActor } from '../../domain/admin-auth';
import { lockStation } from '../../domain/water-safety';
import { log } from '../../observability';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** An admin or a technician locks a station on purpose, as '<role>:<username>'. */
export const handler = routeHandler(contract.adminLockStation, async ({ params, body, identity }) => lockStation(params.id, body, adminActor(identity), { machines: repositories.machines(), safetyRecords: repositories.safetyRecords(), clock: repositories.clock(), ids: repositories.ids(), settings: repositories.settings(), log }));
