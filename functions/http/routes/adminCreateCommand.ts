import { adminActor } from '../../domain/admin-auth';
import { createCommand } from '../../domain/commands';
import { log } from '../../observability';
import { data } from '../../providers/data';
import { stationJobs } from '../../providers/station-jobs';
import { routeHandler } from '../route-handler';

/** An admin sends a remote command (audited as 'admin:<username>'); step 1 goes out as a job at once. */
export const handler = routeHandler('adminCreateCommand', async ({ body, identity }) => createCommand(body, adminActor(identity), { ...data(), stationJobs: stationJobs(), log }));
