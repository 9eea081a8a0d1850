import { allStations } from '../../domain/station-list';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock } from '../../providers/clock';
import { machines } from '../../providers/repositories/machines';
import { settings } from '../../providers/repositories/settings';

/** GET /api/admin/machines: every station for the console, those kept off the public lists too (marked `hidden`). */
export const handler = routeHandler(contract.adminListMachines, () => allStations({ machines: machines(), settings: settings(), clock: clock() }));
