import { listPayouts } from '../../domain/withdrawals';
import { withdrawalDeps } from '../../providers/withdrawals';
import { routeHandler } from '../route-handler';

/** GET /api/admin/payouts?status=: payout requests of withdrawals, newest first. */
export const handler = routeHandler('adminListPayouts', async ({ query }) => listPayouts(query.status, withdrawalDeps()));
