import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { decodeJwt, initiateAuthRefresher, TokenRefreshError } from '@frontend/features/auth/local-refresher';
import { bearer } from '../support/auth';
import { apiFetch, local } from '../support/local';

/** The browser's token refresher for cognito-local (Amplify's GetTokensFromRefreshToken is missing there). */
describe('the local token refresher', () => {
  async function passwordSignIn() {
    const { endpoint, region, clientId, accounts } = local().cognito;
    const account = accounts.find((a) => a.role === 'user')!;
    const client = new CognitoIdentityProviderClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    try {
      const { AuthenticationResult } = await client.send(new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: account.username, PASSWORD: account.password },
      }));
      return { account, result: AuthenticationResult! };
    } finally {
      client.destroy();
    }
  }

  it('trades the refresh token for new tokens that the gateway accepts', async () => {
    const { account, result } = await passwordSignIn();
    const refresh = initiateAuthRefresher(local().cognito.endpoint, local().cognito.clientId);
    await new Promise((r) => setTimeout(r, 1100)); // a new iat, so the tokens differ
    const tokens = await refresh({
      tokens: { accessToken: decodeJwt(result.AccessToken!), idToken: decodeJwt(result.IdToken!), refreshToken: result.RefreshToken!, username: account.username },
      username: account.username,
    });
    expect(tokens.idToken!.toString()).not.toBe(result.IdToken);
    expect(tokens.idToken!.payload.sub).toBe(account.sub);
    expect(tokens.accessToken.payload.token_use).toBe('access');
    expect(tokens.refreshToken).toBeTruthy();
    expect(Math.abs(tokens.clockDrift!)).toBeLessThan(5_000);
    const answer = await apiFetch('/api/auth/user', { headers: bearer(tokens.idToken!.toString()) });
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(account.sub);
  });

  it('fails with the Cognito error for a refresh token it does not know', async () => {
    const { account, result } = await passwordSignIn();
    const refresh = initiateAuthRefresher(local().cognito.endpoint, local().cognito.clientId);
    const attempt = refresh({ tokens: { accessToken: decodeJwt(result.AccessToken!), refreshToken: 'not-a-refresh-token', username: account.username }, username: account.username });
    await expect(attempt).rejects.toBeInstanceOf(TokenRefreshError);
    await expect(attempt).rejects.toMatchObject({ code: expect.stringMatching(/Exception$/) });
  });
});
