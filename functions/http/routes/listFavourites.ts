import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** GET /api/favourites: the stations the caller starred. */
export const handler = routeHandler('listFavourites', async ({ identity }) => ({ stationIds: await data().favourites.list(identity.sub) }));
