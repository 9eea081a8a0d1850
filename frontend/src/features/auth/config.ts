import type { RuntimeConfig } from '../../../../shared/runtime-config';
import { runtimeConfig } from '../../runtime-config';

/** Settings of browser sign-in (public identifiers, never secrets), from /config.json (the build happens before the pool exists). */
const deployed = await runtimeConfig;

export interface AuthSettings {
  userPoolId: string;
  clientId: string;
  /** Where the browser calls the user pool when not at Cognito's regional endpoint (the local cloud); null in AWS. */
  endpoint: string | null;
}

export function authSettings(runtime: Partial<RuntimeConfig> = deployed, origin = window.location.origin): AuthSettings {
  const { userPoolId, userPoolClientId: clientId, userPoolEndpoint } = runtime;
  if (!userPoolId || !clientId) throw new Error('Sign-in is not configured: /config.json names no user pool');
  return { userPoolId, clientId, endpoint: userPoolEndpoint ? new URL(userPoolEndpoint, origin).href : null };
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
