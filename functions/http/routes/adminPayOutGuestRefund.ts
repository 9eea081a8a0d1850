import { adminActor } from '../../accounts/domain/admin-auth';
import { payOutGuestRefund } from '../../guests/domain/guest-receipts';
import * as contract from '@shared/routes/guests';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../platform/providers/second-factors';
import { clock } from '../../platform/providers/clock';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { paymentOrders } from '../../wallet/providers/repositories/payment-orders';
import { users } from '../../accounts/providers/repositories/users';

/** An operator records that a held guest refund was paid outside the gateway, as 'admin:<username>' with a note. */
export const handler = routeHandler(contract.adminPayOutGuestRefund, async ({ params, body, identity }) => payOutGuestRefund(params.id, body.note, adminActor(identity), { paymentOrders: paymentOrders(), ledger: ledger(), users: users(), clock: clock() }), { secondFactors });
