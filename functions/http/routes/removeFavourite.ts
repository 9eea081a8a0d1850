import { unstarStation } from '../../domain/favourites';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** DELETE /api/favourites/{id}: removes the caller's star. */
export const handler = routeHandler('removeFavourite', async ({ identity, params }) => unstarStation(data(), identity.sub, params.id));
