import { allStations } from '../../stations/domain/station-list';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
import { settings } from '../../platform/providers/repositories/settings';

/** GET /api/admin/machines: every station for the console, those kept off the public lists too (marked `hidden`). */
export const handler = routeHandler(contract.adminListMachines, () => allStations({ machines: machines(), settings: settings(), clock: clock() }));
