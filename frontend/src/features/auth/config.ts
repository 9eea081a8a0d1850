/**
 * Build-time settings of browser sign-in (public identifiers, never secrets), from the Vite environment:
 * - VITE_COGNITO_USER_POOL_ID, VITE_COGNITO_CLIENT_ID: the user pool and its web client (CDK outputs, or the local pool);
 * - VITE_COGNITO_ENDPOINT: set only locally, where cognito-local stands in for Cognito (infra/local/web.ts sets all three).
 */
export interface AuthSettings {
  userPoolId: string;
  clientId: string;
  /** The local Cognito endpoint; null in the cloud. */
  endpoint: string | null;
}

export function authSettings(env: Record<string, string | undefined> = import.meta.env): AuthSettings {
  const userPoolId = env.VITE_COGNITO_USER_POOL_ID?.trim();
  const clientId = env.VITE_COGNITO_CLIENT_ID?.trim();
  if (!userPoolId || !clientId) {
    throw new Error('Sign-in is not configured: VITE_COGNITO_USER_POOL_ID and VITE_COGNITO_CLIENT_ID must be set at build time');
  }
  return { userPoolId, clientId, endpoint: env.VITE_COGNITO_ENDPOINT?.trim() || null };
}

/** Amplify's Auth configuration: e-mail sign-in with codes; the local endpoint when there is one. */
export function amplifyAuthConfig(settings: AuthSettings) {
  return {
    Auth: {
      Cognito: {
        userPoolId: settings.userPoolId,
        userPoolClientId: settings.clientId,
        ...(settings.endpoint ? { userPoolEndpoint: settings.endpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code' as const,
      },
    },
  };
}
