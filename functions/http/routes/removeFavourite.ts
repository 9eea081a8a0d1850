import { unstarStation } from '../../stations/domain/favourites';
import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import { favourites } from '../../stations/providers/repositories/favourites';

/** DELETE /api/favourites/{id}: removes the caller's star. */
export const handler = routeHandler(contract.removeFavourite, async ({ identity, params }) => unstarStation({ favourites: favourites() }, identity.sub, params.id));
