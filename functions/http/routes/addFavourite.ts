import { starStation } from '../../domain/favourites';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** PUT /api/favourites/{id}: stars a station for the caller. */
export const handler = routeHandler('addFavourite', async ({ identity, params }) => starStation(data(), identity.sub, params.id));
