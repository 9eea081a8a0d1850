import { adminActor } from '../../domain/admin-auth';
import { lockStation } from '../../domain/water-safety';
import { log } from '../../observability';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** An admin or a technician locks a station on purpose, as '<role>:<username>'. */
export const handler = routeHandler('adminLockStation', async ({ params, body, identity }) => lockStation(params.id, body, adminActor(identity), { ...data(), log }));
