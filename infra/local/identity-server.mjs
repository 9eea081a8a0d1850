/**
 * cognito-local (5.3) made to answer as Cognito does, so the product carries no emulator's quirks
 * (docs/infrastructure.md, "The local cloud"):
 * - GlobalSignOut and AdminUserGlobalSignOut, which it lacks: every refresh token of the user is revoked, so no device
 *   can renew its session. For GlobalSignOut the access token must be one the pool signed and still valid
 *   (NotAuthorizedException otherwise); AdminUserGlobalSignOut names the pool and the user (UserNotFoundException).
 * - A wrong password at sign-in or at a password change is NotAuthorizedException "Incorrect username or password.",
 *   as Cognito answers; cognito-local says InvalidPasswordException, which Cognito keeps for a new password its
 *   policy refuses.
 * - E-mail delivery (below).
 * Started by identity.ts in place of cognito-local's own start script, which it runs once the targets and the sender
 * are added.
 */
import { createPublicKey, verify } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Targets } = require('cognito-local/lib/targets/targets');
const { InvalidPasswordError, NotAuthorizedError, UserNotFoundError } = require('cognito-local/lib/errors');
const signingKey = createPublicKey(require('cognito-local/lib/keys/cognitoLocal.public.json').pem);

/** The claims of an access token the pool signed (RS256) that has not expired; null for anything else. */
function accessClaims(token) {
  const [header, payload, signature] = typeof token === 'string' ? token.split('.') : [];
  if (!header || !payload || !signature) return null;
  if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), signingKey, Buffer.from(signature, 'base64url'))) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  return claims.token_use === 'access' && typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() ? claims : null;
}

Targets.GlobalSignOut = ({ cognito }) => async (ctx, req) => {
  const claims = accessClaims(req.AccessToken);
  if (!claims) throw new NotAuthorizedError();
  const userPool = await cognito.getUserPoolForClientId(ctx, claims.client_id);
  const user = await userPool.getUserByUsername(ctx, claims.sub);
  if (!user) throw new NotAuthorizedError();
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};

Targets.AdminUserGlobalSignOut = ({ cognito }) => async (ctx, req) => {
  const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError();
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};

for (const name of ['InitiateAuth', 'AdminInitiateAuth', 'ChangePassword']) {
  const asCognitoLocal = Targets[name];
  Targets[name] = (services) => {
    const target = asCognitoLocal(services);
    return async (ctx, req) => {
      try {
        return await target(ctx, req);
      } catch (error) {
        if (error instanceof InvalidPasswordError) throw new NotAuthorizedError('Incorrect username or password.');
        throw error;
      }
    };
  };
}

/**
 * Cognito mails its messages; cognito-local only logs them (ConsoleMessageSender). With LOCAL_SMTP_URL (identity.ts),
 * each e-mail goes to the local outbox as Cognito sends it: the subject and message the pool's custom message trigger
 * wrote (cognito-local has filled in the code), else the pool's own verification e-mail (POOL_EMAIL_SUBJECT and
 * POOL_EMAIL_MESSAGE, with Cognito's {####} for the code). Sent before the API call answers; a refused e-mail is
 * logged, the call stands, as with Cognito's own delivery.
 */
if (process.env.LOCAL_SMTP_URL) {
  const { createTransport } = require('nodemailer');
  const { ConsoleMessageSender } = require('cognito-local/lib/services/messageDelivery/consoleMessageSender');
  const smtp = new URL(process.env.LOCAL_SMTP_URL);
  const transport = createTransport({ host: smtp.hostname, port: Number(smtp.port), secure: false, ignoreTLS: true });
  ConsoleMessageSender.prototype.sendEmail = async function toOutbox(ctx, user, destination, message) {
    const subject = message.emailSubject ?? process.env.POOL_EMAIL_SUBJECT;
    const text = message.emailMessage ?? process.env.POOL_EMAIL_MESSAGE.replace('{####}', message.__code);
    try {
      await transport.sendMail({ from: process.env.MAIL_FROM, to: destination, subject, text });
    } catch (error) {
      ctx.logger.error(error, `The e-mail to ${destination} was not sent to the outbox`);
    }
  };
}

require('cognito-local/lib/bin/start.js');
