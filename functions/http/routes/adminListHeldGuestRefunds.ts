import { listHeldGuestRefunds } from '../../domain/guest-receipts';
import { data } from '../../providers/data';
import { routeHandler } from '../route-handler';

/** GET /api/admin/guest-refunds: guest refunds the gateway refused, still held for the guest. */
export const handler = routeHandler('adminListHeldGuestRefunds', async () => listHeldGuestRefunds(data()));
