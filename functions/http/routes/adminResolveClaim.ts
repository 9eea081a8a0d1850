import { adminActor } from '../../accounts/domain/admin-auth';
import { resolveClaim } from '../../vending/domain/claims';
import { afterClaimResolved } from '../../guests/domain/guest-claims';
import { guestOrderOfAccount } from '../../wallet/ports/payment-orders';
import { claimDeps } from '../../vending/providers/claims';
import { guestDeps } from '../../guests/providers/guest-deps';
import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../platform/providers/second-factors';

/**
 * An admin credits or declines a pending claim, as 'admin:<username>' (the ledger entry and the claim keep who and
 * why). A guest's credit goes on to the guest at once: refunded through the gateway (docs/payments.md, "Guest orders").
 */
export const handler = routeHandler(contract.adminResolveClaim, async ({ params, body, identity }) => {
  const claim = await resolveClaim(params.id, body, adminActor(identity), claimDeps());
  if (guestOrderOfAccount(claim.userId)) await afterClaimResolved(claim, guestDeps());
  return claim;
}, { secondFactors });
