import { withdraw } from '../../wallet/domain/withdrawals';
import { callerDirectory } from '../../platform/providers/caller-directory';
import { withdrawalDeps } from '../../wallet/providers/withdrawals';
import { withDirectoryAttributes } from '../identity';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';

/** POST /api/wallet/withdrawals (Idempotency-Key header): refunds the balance once; the same key answers the same result. */
export const handler = routeHandler(contract.createWithdrawal, async ({ identity, body, headers, language }) =>
  withdraw({ person: await withDirectoryAttributes(identity, callerDirectory), expectedBalance: body.expectedBalance, payoutDestination: body.payoutDestination, idempotencyKey: headers['idempotency-key'], language }, withdrawalDeps()));
