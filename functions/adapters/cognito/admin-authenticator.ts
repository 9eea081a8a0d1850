import { AdminUserGlobalSignOutCommand, CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { awsRegion } from '../region';
import { DomainError, unavailable } from '../../domain/errors';
import type { AdminAuthenticator, PasswordSession } from '../../ports/admin-auth';

export interface CognitoConfig {
  userPoolId?: string;
  clientId?: string;
  /** cognito-local's address; absent in AWS. */
  endpoint?: string;
  region?: string;
}

export const cognitoConfigFromEnv = (env: NodeJS.ProcessEnv = process.env): CognitoConfig => ({
  userPoolId: env.USER_POOL_ID || undefined,
  clientId: env.USER_POOL_CLIENT_ID || undefined,
  endpoint: env.COGNITO_ENDPOINT || undefined,
  region: awsRegion(env),
});

/** Cognito answers NotAuthorized for a wrong password; cognito-local answers InvalidPassword. */
const WRONG_CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);

/**
 * Password sign-in (USER_PASSWORD_AUTH against the web app client) and global sign-out, on Cognito in AWS
 * and on cognito-local here. The configuration is read when first used, so the handlers that never sign
 * anyone in need none.
 */
export class CognitoAdminAuthenticator implements AdminAuthenticator {
  private client: CognitoIdentityProviderClient | undefined;

  constructor(private readonly config: () => CognitoConfig = () => cognitoConfigFromEnv()) {}

  private cognito() {
    const { endpoint, region } = this.config();
    this.client ??= new CognitoIdentityProviderClient({
      region,
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    return this.client;
  }

  async signIn(username: string, password: string): Promise<PasswordSession | null> {
    const { clientId } = this.config();
    if (!clientId) throw unavailable('Sign-in is not configured');
    try {
      const result = await this.cognito().send(new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }));
      const tokens = result.AuthenticationResult;
      if (!tokens?.IdToken || !tokens.AccessToken) {
        throw new DomainError(401, result.ChallengeName ? `Sign-in needs another step (${result.ChallengeName}); finish it in the app first` : 'Invalid credentials');
      }
      const claims = decodeJwt(tokens.IdToken);
      const groups = claims['cognito:groups'];
      return {
        idToken: tokens.IdToken,
        accessToken: tokens.AccessToken,
        expiresIn: tokens.ExpiresIn ?? 3600,
        username: String(claims['cognito:username'] ?? claims.sub ?? username),
        email: typeof claims.email === 'string' ? claims.email : null,
        groups: Array.isArray(groups) ? groups.map(String) : [],
      };
    } catch (error) {
      if (WRONG_CREDENTIALS.has((error as Error).name)) return null;
      throw error;
    }
  }

  async signOutEverywhere(username: string): Promise<boolean> {
    const { userPoolId, endpoint } = this.config();
    if (!userPoolId) throw unavailable('Sign-out is not configured');
    try {
      await this.cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
      return true;
    } catch (error) {
      // cognito-local has no global sign-out: there the browser's forgetting its tokens is all there is.
      if (endpoint && /unsupported/i.test(`${(error as Error).name} ${(error as Error).message}`)) return false;
      throw error;
    }
  }
}
