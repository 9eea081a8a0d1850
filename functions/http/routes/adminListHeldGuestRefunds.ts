import { listHeldGuestRefunds } from '../../guests/domain/guest-receipts';
import * as contract from '@shared/routes/guests';
import { routeHandler } from '../route-handler';
import { paymentOrders } from '../../wallet/providers/repositories/payment-orders';
import { users } from '../../accounts/providers/repositories/users';

/** GET /api/admin/guest-refunds: guest refunds the gateway refused, still held for the guest. */
export const handler = routeHandler(contract.adminListHeldGuestRefunds, async () => listHeldGuestRefunds({ paymentOrders: paymentOrders(), users: users() }));
