import { adminActor } from '../../accounts/domain/admin-auth';
import { createCommand } from '../../fleet/domain/commands';
import { log } from '../../platform/observability';
import { stationJobs } from '../../fleet/providers/station-jobs';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../platform/providers/second-factors';
import { clock, ids } from '../../platform/providers/clock';
import { commands } from '../../fleet/providers/repositories/commands';
import { machines } from '../../stations/providers/repositories/machines';

/** An admin sends a remote command (audited as 'admin:<username>'); step 1 goes out as a job at once. */
export const handler = routeHandler(contract.adminCreateCommand, async ({ body, identity, language }) => createCommand(body, adminActor(identity), { commands: commands(), machines: machines(), clock: clock(), ids: ids(), stationJobs: stationJobs(), log }, language), { secondFactors });
