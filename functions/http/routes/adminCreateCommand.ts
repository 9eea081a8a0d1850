import { adminActor } from '../../domain/admin-auth';
import { createCommand } from '../../domain/commands';
import { log } from '../../observability';
import { stationJobs } from '../../providers/station-jobs';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../providers/second-factors';
import { clock, ids } from '../../providers/clock';
import { commands as commandsRepository } from '../../providers/repositories/commands';
import { machines } from '../../providers/repositories/machines';

/** An admin sends a remote command (audited as 'admin:<username>'); step 1 goes out as a job at once. */
export const handler = routeHandler(contract.adminCreateCommand, async ({ body, identity, language }) => createCommand(body, adminActor(identity), { commands: commandsRepository(), machines: machines(), clock: clock(), ids: ids(), stationJobs: stationJobs(), log }, language), { secondFactors });
