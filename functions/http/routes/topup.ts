import { startTopup } from '../../wallet/domain/topup';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import { paymentDeps } from '../../wallet/providers/payment-deps';
import { withDirectoryAttributes } from '../identity';
import { callerDirectory } from '../../platform/providers/caller-directory';

/** POST /api/wallet/topup (Idempotency-Key header): a pending top-up, credited once when the gateway settles it. */
export const handler = routeHandler(contract.topup, async ({ identity, body, headers, language }) =>
  startTopup({ payer: await withDirectoryAttributes(identity, callerDirectory), amount: body.amount, paymentMethod: body.paymentMethod, walletToken: body.walletToken, idempotencyKey: headers['idempotency-key'], language }, paymentDeps()));
