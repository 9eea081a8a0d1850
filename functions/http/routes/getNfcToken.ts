import { followNfcToken } from '../../vending/domain/nfc-token';
import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import { vendSessions } from '../../vending/providers/repositories/vend-sessions';

/** GET /api/nfc/tokens/{id}: what became of one of the caller's NFC tokens (another person's is 404). */
export const handler = routeHandler(contract.getNfcToken, async ({ identity, params, language }) =>
  followNfcToken(identity.sub, params.id, { vendSessions: vendSessions() }, language));
