import { starStation } from '../../stations/domain/favourites';
import * as contract from '@shared/routes/stations';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { favourites } from '../../stations/providers/repositories/favourites';
import { machines } from '../../stations/providers/repositories/machines';

/** PUT /api/favourites/{id}: stars a station for the caller. */
export const handler = routeHandler(contract.addFavourite, async ({ identity, params }) => starStation({ favourites: favourites(), machines: machines(), clock: clock() }, identity.sub, params.id));
