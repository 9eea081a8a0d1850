import { unstarStation } from '../../domain/favourites';
import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** DELETE /api/favourites/{id}: removes the caller's star. */
export const handler = routeHandler(contract.removeFavourite, async ({ identity, params }) => unstarStation({ favourites: repositories.favourites() }, identity.sub, params.id));
