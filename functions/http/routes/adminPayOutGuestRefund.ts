import { adminActor } from '../../domain/admin-auth';
import { payOutGuestRefund } from '../../domain/guest-receipts';
import * as contract from '@shared/routes/guests';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../providers/second-factors';
import * as repositories from '../../providers/repositories';

/** An operator records that a held guest refund was paid outside the gateway, as 'admin:<username>' with a note. */
export const handler = routeHandler(contract.adminPayOutGuestRefund, async ({ params, body, identity }) => payOutGuestRefund(params.id, body.note, adminActor(identity), { paymentOrders: repositories.paymentOrders(), ledger: repositories.ledger(), users: repositories.users(), clock: repositories.clock() }), { secondFactors });
