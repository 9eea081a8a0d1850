import { newAccountWith, signInWith } from './cognito';
import { local } from './local';

/**
 * Signs in with the password flow and returns the ID token the browser sends as its bearer token (or the access
 * token, as an API client might send it).
 */
export const signIn = (username: string, password: string, token: 'id' | 'access' = 'id'): Promise<string> => signInWith(local().cognito, username, password, token);

/** The seeded local account of a role: its credentials, sub and a fresh ID token. */
export async function signInAs(role: 'user' | 'admin') {
  const account = local().cognito.accounts.find((a) => a.role === role)!;
  return { ...account, token: await signIn(account.username, account.password) };
}

/** Registers and confirms a new account (with the code e-mailed to the local outbox), then signs it in. */
export const newAccount = (name = 'tester', password = 'Test-Pass-2025!') => newAccountWith(local(), name, password);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of an HTTP Basic auth header, for tests that check such credentials are refused or found. */
export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
