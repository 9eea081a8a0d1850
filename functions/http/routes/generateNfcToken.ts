import { issueNfcToken } from '../../domain/vend';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';
import { signingKeys } from '../../providers/signing-keys';

/** POST /api/nfc/generate-token: a one-time ES256 token to pay at a station (409 below the minimum balance). */
export const handler = routeHandler('generateNfcToken', async ({ identity }) => {
  return issueNfcToken(identity, { ...data(), signingKeys: signingKeys() });
});
