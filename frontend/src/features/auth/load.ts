type AuthModule = typeof import('.');

let loading: Promise<AuthModule> | undefined;

/**
 * Loads the browser auth module on demand (it carries Amplify, which stays out of every page's first render: the
 * sign-in screens load it when a form is sent). Loading it configures Amplify and the bearer token of api/client.ts.
 * A failed load may be tried again. Apart from api/auth.ts, whose typed client (and zod) the sign-in screens do without.
 */
export function loadAuth(): Promise<AuthModule> {
  loading ??= import('.').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
