import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** GET /api/favourites: the stations the caller starred. */
export const handler = routeHandler(contract.listFavourites, async ({ identity }) => ({ stationIds: await repositories.favourites().list(identity.sub) }));
