import { allStations } from '../../domain/station-list';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** GET /api/admin/machines: every station for the console, those kept off the public lists too (marked `hidden`). */
export const handler = routeHandler(contract.adminListMachines, () => allStations({ machines: repositories.machines(), settings: repositories.settings(), clock: repositories.clock() }));
