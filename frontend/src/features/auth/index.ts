/**
 * Browser sign-in (aws-amplify 6 against the Cognito user pool; cognito-local when /config.json names a userPoolEndpoint).
 *
 * Importing this module configures Amplify and makes every protected call of api/client.ts send
 * `Authorization: Bearer <ID token>`. It pulls in Amplify, so public pages must not import it statically:
 * load it with `loadAuth()` from api/auth.ts (or a dynamic import) on app, admin and sign-in routes.
 *
 *   const { signInWithPassword, currentGroups } = await loadAuth();
 *   const result = await signInWithPassword(username, password);   // throws AuthFailure with a message to show
 *   if (result.status === 'signedIn' && (await currentGroups()).includes('admin')) ...
 *
 * Signed-in state in the app is decided by the user query (api/user.ts), not by the presence of tokens.
 */
export {
  AuthFailure,
  clearLocalSession,
  configureAuth,
  confirmPasswordReset,
  confirmSignUpCode,
  confirmTotpCode,
  currentGroups,
  finishTotpSetup,
  getIdToken,
  hasTotp,
  requestPasswordReset,
  resendSignUpCode,
  signInWithPassword,
  signOutEverywhere,
  signUpWithEmail,
  startTotpSetup,
  type SignInResult,
  type SignUpInput,
} from './session';

import { configureAuth } from './session';

configureAuth();
