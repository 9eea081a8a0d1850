import { issueNfcToken } from '../../vending/domain/nfc-token';
import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import { signingKeys } from '../../vending/providers/signing-keys';
import { withDirectoryAttributes } from '../identity';
import { callerDirectory } from '../../platform/providers/caller-directory';
import { clock, ids } from '../../platform/providers/clock';
import { settings } from '../../platform/providers/repositories/settings';
import { users } from '../../accounts/providers/repositories/users';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { vendSessions } from '../../vending/providers/repositories/vend-sessions';
import { fleetPrices } from '../../stations/providers/repositories/fleet-prices';

/** POST /api/nfc/generate-token: a one-time ES256 token to pay at a station, reserving its offline allowance (409 below the minimum balance or while money is owed). */
export const handler = routeHandler(contract.generateNfcToken, async ({ identity }) => {
  return issueNfcToken(await withDirectoryAttributes(identity, callerDirectory), {
    users: users(), settings: settings(), clock: clock(), ids: ids(), signingKeys: signingKeys(), ledger: ledger(), vendSessions: vendSessions(), fleetPrices: fleetPrices(),
  });
});
