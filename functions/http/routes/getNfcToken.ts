import { followNfcToken } from '../../domain/nfc-token';
import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** GET /api/nfc/tokens/{id}: what became of one of the caller's NFC tokens (another person's is 404). */
export const handler = routeHandler(contract.getNfcToken, async ({ identity, params, language }) =>
  followNfcToken(identity.sub, params.id, { vendSessions: repositories.vendSessions() }, language));
