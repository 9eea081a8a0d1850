import { adminActor } from '../../accounts/domain/admin-auth';
import { abortCommand } from '../../fleet/domain/commands';
import { log } from '../../platform/observability';
import { stationJobs } from '../../fleet/providers/station-jobs';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { commands } from '../../fleet/providers/repositories/commands';

/** An admin stops a command in progress (audited); its job's queued executions are canceled. */
export const handler = routeHandler(contract.adminAbortCommand, async ({ params, identity, language }) => abortCommand(params.id, adminActor(identity), { commands: commands(), clock: clock(), stationJobs: stationJobs(), log }, language));
