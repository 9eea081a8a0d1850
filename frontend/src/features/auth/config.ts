/**
 * Settings of browser sign-in (public identifiers, never secrets):
 * - VITE_COGNITO_USER_POOL_ID, VITE_COGNITO_CLIENT_ID at build time (infra/local/web.ts sets them for the local pool);
 * - otherwise /config.json, which the CDK deployment writes beside the app (the build happens before the pool exists);
 * - VITE_COGNITO_ENDPOINT: set only locally, where cognito-local stands in for Cognito.
 */
type RuntimeConfig = { userPoolId?: string; userPoolClientId?: string };
const runtimeConfig: RuntimeConfig = import.meta.env.VITE_COGNITO_USER_POOL_ID
  ? {}
  : await fetch('/config.json').then((r) => (r.ok ? (r.json() as Promise<RuntimeConfig>) : {})).catch(() => ({}));

export interface AuthSettings {
  userPoolId: string;
  clientId: string;
  /** The local Cognito endpoint; null in the cloud. */
  endpoint: string | null;
}

export function authSettings(env: Record<string, string | undefined> = import.meta.env, runtime: RuntimeConfig = runtimeConfig): AuthSettings {
  const userPoolId = env.VITE_COGNITO_USER_POOL_ID?.trim() || runtime.userPoolId;
  const clientId = env.VITE_COGNITO_CLIENT_ID?.trim() || runtime.userPoolClientId;
  if (!userPoolId || !clientId) {
    throw new Error('Sign-in is not configured: set VITE_COGNITO_USER_POOL_ID and VITE_COGNITO_CLIENT_ID at build time or deploy /config.json');
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
