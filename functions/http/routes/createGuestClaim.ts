import { createGuestClaim } from '../../guests/domain/guest-claims';
import { guestClaimDeps } from '../../guests/providers/guest-deps';
import * as contract from '@shared/routes/guests';
import { routeHandler } from '../route-handler';

/** POST /api/guest/orders/{id}/claims: "I didn't get my water" from a guest receipt, authorised by its secret. */
export const handler = routeHandler(contract.createGuestClaim, async ({ params, body, language }) => createGuestClaim(params.id, body, guestClaimDeps(), language));
