import { publicStationList } from '../../domain/station-list';
import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import { clock } from '../../providers/clock';
import { machines } from '../../providers/repositories/machines';
import { settings } from '../../providers/repositories/settings';

/** GET /api/machines: the list as it is this instant (the public pages read the file at the edge instead; this route is for the console and freshness checks). */
export const handler = routeHandler(contract.listMachines, () => publicStationList({ machines: machines(), settings: settings(), clock: clock() }));
