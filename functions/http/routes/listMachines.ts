import { publicStationList } from '../../stations/domain/station-list';
import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
import { settings } from '../../platform/providers/repositories/settings';

/** GET /api/machines: the list as it is this instant (the public pages read the file at the edge instead; this route is for the console and freshness checks). */
export const handler = routeHandler(contract.listMachines, () => publicStationList({ machines: machines(), settings: settings(), clock: clock() }));
