import * as contract from '@shared/routes/accounts';
import { HttpReply, routeHandler } from '../route-handler';

/**
 * GET /api/logout, a browser navigation. Sessions are Cognito tokens held by the browser (no server cookie), so
 * ending the session is the browser's part: the app revokes the refresh token (global sign-out) before it
 * navigates here, and clears any tokens left when it lands on `/?signedOut=1` (features/auth/signed-out.ts).
 * This answer sends the browser home with that marker and is never cached.
 */
export const SIGNED_OUT_LOCATION = '/?signedOut=1';

export const handler = routeHandler(contract.logout, async () =>
  new HttpReply(302, { location: SIGNED_OUT_LOCATION, 'cache-control': 'no-store' }));
