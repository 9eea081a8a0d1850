import { readTopup } from '../../domain/topup';
import { walletDeps } from '../../domain/wallet';
import { routeHandler } from '../route-handler';

/** GET /api/wallet/topup/{id}: the owner's top-up; asks the gateway when its notification is overdue. */
export const handler = routeHandler('getTopup', async ({ identity, params, services }) => readTopup(identity!.sub, params.id, walletDeps(services)));
