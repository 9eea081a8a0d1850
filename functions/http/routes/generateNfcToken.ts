import { unauthorized } from '../../domain/errors';
import { issueNfcToken } from '../../domain/vend';
import { routeHandler } from '../route-handler';

/** POST /api/nfc/generate-token: a one-time ES256 token to pay at a station (409 below the minimum balance). */
export const handler = routeHandler('generateNfcToken', async ({ identity, services }) => {
  if (!identity) throw unauthorized();
  return issueNfcToken(identity, services);
});
