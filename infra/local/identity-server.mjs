/**
 * cognito-local (5.3) with the one call of the app that it lacks: GlobalSignOut, as Cognito answers it. The access
 * token must be one the pool signed and still valid (NotAuthorizedException otherwise); every refresh token of its
 * user is revoked, so no device can renew its session, and the answer is empty. Started by identity.ts in place of
 * cognito-local's own start script, which it runs once the target is added.
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
 * cognito-local's console "delivery" box shows the code, not the e-mail the deployed pool's custom message trigger
 * writes in the person's language: the box carries their `locale` attribute too (as its 'Email Message'), which the
 * local cloud's relay reads (cognito-mail.ts) to mail the same e-mail.
 */
const { MessagesService } = require('cognito-local/lib/services/messages');
const create = MessagesService.prototype.create;
MessagesService.prototype.create = async function withLocale(ctx, source, clientId, userPoolId, user, code, clientMetadata) {
  const message = await create.call(this, ctx, source, clientId, userPoolId, user, code, clientMetadata);
  const locale = user.Attributes?.find((a) => a.Name === 'locale')?.Value ?? '';
  return { ...message, emailMessage: `locale=${locale}` };
};

require('cognito-local/lib/bin/start.js');
