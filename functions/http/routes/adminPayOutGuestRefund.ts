import { adminActor } from '../../domain/admin-auth';
import { payOutGuestRefund } from '../../domain/guest-receipts';
import { data } from '../../providers/data';
import { routeHandler } from '../route-handler';

/** An operator records that a held guest refund was paid outside the gateway, as 'admin:<username>' with a note. */
export const handler = routeHandler('adminPayOutGuestRefund', async ({ params, body, identity }) => payOutGuestRefund(params.id, body.note, adminActor(identity), data()));
