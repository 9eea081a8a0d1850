import { AdminUserGlobalSignOutCommand, CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { awsRegion, setting } from '@functions/platform/environment';
import type { AdminAuthenticator, SignInOutcome } from '../../ports/admin-auth';

export interface CognitoConfig {
  userPoolId: string;
  clientId: string;
  region: string;
}

/** USER_POOL_ID and USER_POOL_CLIENT_ID; cognito-local is reached through the SDK's AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER. */
const cognitoConfigFromEnv = (env: NodeJS.ProcessEnv = process.env): CognitoConfig => ({
  userPoolId: setting('USER_POOL_ID', env),
  clientId: setting('USER_POOL_CLIENT_ID', env),
  region: awsRegion(env),
});

/** Cognito answers NotAuthorized for a wrong password (the local cloud's cognito-local too). A wrong TOTP code: CodeMismatch (or Expired for a used one). */
const WRONG_CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'CodeMismatchException', 'ExpiredCodeException']);

/**
 * Password sign-in (USER_PASSWORD_AUTH against the web app client) and global sign-out, on Cognito in AWS
 * and on cognito-local here. The configuration is read when first used, so the handlers that never sign
 * anyone in need none.
 */
export class CognitoAdminAuthenticator implements AdminAuthenticator {
  private client: CognitoIdentityProviderClient | undefined;

  constructor(private readonly config: () => CognitoConfig = () => cognitoConfigFromEnv()) {}

  private cognito() {
    this.client ??= new CognitoIdentityProviderClient({ region: this.config().region });
    return this.client;
  }

  async signIn(username: string, password: string, code?: string): Promise<SignInOutcome> {
    const { clientId } = this.config();
    try {
      let result = await this.cognito().send(new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }));
      if (result.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
        if (!code) return { refused: 'code-required' };
        result = await this.cognito().send(new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: result.Session,
          ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
        }));
      }
      const tokens = result.AuthenticationResult;
      if (!tokens?.IdToken || !tokens.AccessToken) return result.ChallengeName ? { refused: 'another-step', challenge: result.ChallengeName } : { refused: 'wrong-credentials' };
      const claims = decodeJwt(tokens.IdToken);
      const groups = claims['cognito:groups'];
      return { session: {
        idToken: tokens.IdToken,
        accessToken: tokens.AccessToken,
        expiresIn: tokens.ExpiresIn ?? 3600,
        username: String(claims['cognito:username'] ?? claims.sub ?? username),
        email: typeof claims.email === 'string' ? claims.email : null,
        groups: Array.isArray(groups) ? groups.map(String) : [],
      } };
    } catch (error) {
      if (WRONG_CREDENTIALS.has((error as Error).name)) return { refused: 'wrong-credentials' };
      throw error;
    }
  }

  async signOutEverywhere(username: string): Promise<void> {
    const { userPoolId } = this.config();
    await this.cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
  }
}
