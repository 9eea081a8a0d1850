import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import { favourites } from '../../stations/providers/repositories/favourites';

/** GET /api/favourites: the stations the caller starred. */
export const handler = routeHandler(contract.listFavourites, async ({ identity }) => ({ stationIds: await favourites().list(identity.sub) }));
