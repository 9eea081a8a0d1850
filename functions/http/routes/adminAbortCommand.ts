import { adminActor } from '../../domain/admin-auth';
import { abortCommand } from '../../domain/commands';
import { log } from '../../observability';
import { stationJobs } from '../../providers/station-jobs';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock } from '../../providers/clock';
import { commands as commandsRepository } from '../../providers/repositories/commands';

/** An admin stops a command in progress (audited); its job's queued executions are canceled. */
export const handler = routeHandler(contract.adminAbortCommand, async ({ params, identity, language }) => abortCommand(params.id, adminActor(identity), { commands: commandsRepository(), clock: clock(), stationJobs: stationJobs(), log }, language));
