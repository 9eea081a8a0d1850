import { starStation } from '../../domain/favourites';
import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** PUT /api/favourites/{id}: stars a station for the caller. */
export const handler = routeHandler(contract.addFavourite, async ({ identity, params }) => starStation({ favourites: repositories.favourites(), machines: repositories.machines(), clock: repositories.clock() }, identity.sub, params.id));
