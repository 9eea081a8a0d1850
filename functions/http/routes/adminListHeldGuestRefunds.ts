import { listHeldGuestRefunds } from '../../domain/guest-receipts';
import * as contract from '@shared/routes/guests';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** GET /api/admin/guest-refunds: guest refunds the gateway refused, still held for the guest. */
export const handler = routeHandler(contract.adminListHeldGuestRefunds, async () => listHeldGuestRefunds({ paymentOrders: repositories.paymentOrders(), users: repositories.users() }));
