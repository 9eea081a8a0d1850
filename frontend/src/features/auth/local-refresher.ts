/**
 * Token refresh for cognito-local. Amplify refreshes through GetTokensFromRefreshToken, which cognito-local lacks;
 * InitiateAuth with REFRESH_TOKEN_AUTH does the same job there (and in Cognito). No Amplify code is imported here,
 * so this runs (and is tested) anywhere fetch exists.
 */
export interface Jwt {
  payload: Record<string, unknown> & { exp?: number; iat?: number };
  toString(): string;
}

/** The token set Amplify keeps (its CognitoAuthTokens). */
export interface RefreshableTokens {
  accessToken: Jwt;
  idToken?: Jwt;
  refreshToken?: string;
  clockDrift?: number;
  username: string;
  [key: string]: unknown;
}

export function decodeJwt(token: string): Jwt {
  const part = token.split('.')[1];
  if (!part) throw new Error('Not a JWT');
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const json = decodeURIComponent(
    Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
  );
  return { payload: JSON.parse(json) as Jwt['payload'], toString: () => token };
}

export class TokenRefreshError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = code;
  }
}

/** A refresher for `cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher`. */
export function initiateAuthRefresher(endpoint: string, clientId: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  return async ({ tokens, username }: { tokens: RefreshableTokens; username: string }): Promise<RefreshableTokens> => {
    if (!tokens.refreshToken) throw new TokenRefreshError('NoRefreshToken', 'There is no refresh token to use');
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: tokens.refreshToken } }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
      __type?: string;
      message?: string;
    };
    const result = body.AuthenticationResult;
    if (!response.ok || !result?.AccessToken) {
      throw new TokenRefreshError(body.__type ?? 'NotAuthorizedException', body.message ?? `Token refresh failed (${response.status})`);
    }
    const accessToken = decodeJwt(result.AccessToken);
    const issuedAt = accessToken.payload.iat ?? Math.floor(Date.now() / 1000);
    return {
      accessToken,
      idToken: result.IdToken ? decodeJwt(result.IdToken) : undefined,
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      clockDrift: issuedAt * 1000 - Date.now(),
      username,
    };
  };
}
