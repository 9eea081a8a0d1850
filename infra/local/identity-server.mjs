/**
 * cognito-local (5.3) with the one call of the app that it lacks, GlobalSignOut as Cognito answers it, and with e-mail
 * delivery (below). For GlobalSignOut the access token must be one the pool signed and still valid
 * (NotAuthorizedException otherwise); every refresh token of its user is revoked, so no device can renew its session,
 * and the answer is empty. Started by identity.ts in place of cognito-local's own start script, which it runs once
 * the target and the sender are added.
 */
import { createPublicKey, verify } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Targets } = require('cognito-local/lib/targets/targets');
const { NotAuthorizedError } = require('cognito-local/lib/errors');
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
