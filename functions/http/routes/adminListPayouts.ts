import { listPayouts } from '../../wallet/domain/withdrawals';
import { withdrawals } from '../../wallet/providers/repositories/withdrawals';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';

/** GET /api/admin/payouts?status=: payout requests of withdrawals, newest first. */
export const handler = routeHandler(contract.adminListPayouts, async ({ query }) => listPayouts(query.status, { withdrawals: withdrawals() }));
