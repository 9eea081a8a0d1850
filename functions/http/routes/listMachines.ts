import { publicStationList } from '../../domain/station-list';
import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** GET /api/machines: the list as it is this instant (the public pages read the file at the edge instead; this route is for the console and freshness checks). */
export const handler = routeHandler(contract.listMachines, () => publicStationList({ machines: repositories.machines(), settings: repositories.settings(), clock: repositories.clock() }));
