import { hostStationImpact } from '../../domain/hosts';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** One of the signed-in host's stations in a month; 404 for every other station. */
export const handler = routeHandler('hostStationImpact', async ({ params, query, identity }) => hostStationImpact(identity.email, params.id, query.month, data()));
