import { readTopup } from '../../wallet/domain/topup';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import { paymentDeps } from '../../wallet/providers/payment-deps';

/** GET /api/wallet/topup/{id}: the owner's top-up; asks the gateway when its notification is overdue. */
export const handler = routeHandler(contract.getTopup, async ({ identity, params, language }) => readTopup(identity.sub, params.id, paymentDeps(), language));
