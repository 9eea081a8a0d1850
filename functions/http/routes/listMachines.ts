import { publicStationList } from '../../domain/station-list';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** GET /api/machines: the list as it is this instant (the public pages read the file at the edge instead; this route is for the console and freshness checks). */
export const handler = routeHandler('listMachines', () => publicStationList(data()));
