import { readGuestOrder } from '../../guests/domain/guest-orders';
import { guestDeps } from '../../guests/providers/guest-deps';
import * as contract from '@shared/routes/guests';
import { routeHandler } from '../route-handler';

/** GET /api/guest/orders/{id}?secret=: the guest's order and receipt, moved on where a report is overdue. */
export const handler = routeHandler(contract.getGuestOrder, async ({ params, query, language }) => readGuestOrder(params.id, query.secret, guestDeps(), language));
