import { CognitoIdentityProviderClient, InitiateAuthCommand, SignUpCommand, ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { readConfirmationCode } from '../../infra/local/identity';
import { local } from './local';

function cognito() {
  const { endpoint, region } = local().cognito;
  return new CognitoIdentityProviderClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/**
 * Signs in with the password flow and returns the ID token the browser sends as its bearer token (or the access
 * token, as an API client might send it).
 */
export async function signIn(username: string, password: string, token: 'id' | 'access' = 'id'): Promise<string> {
  const client = cognito();
  try {
    const result = await client.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: local().cognito.clientId, AuthParameters: { USERNAME: username, PASSWORD: password },
    }));
    return token === 'id' ? result.AuthenticationResult!.IdToken! : result.AuthenticationResult!.AccessToken!;
  } finally {
    client.destroy();
  }
}

/** The seeded local account of a role: its credentials, sub and a fresh ID token. */
export async function signInAs(role: 'user' | 'admin') {
  const account = local().cognito.accounts.find((a) => a.role === role)!;
  return { ...account, token: await signIn(account.username, account.password) };
}

/** Registers and confirms a new account (reading the e-mail code from cognito-local), then signs it in. */
export async function newAccount(name = 'tester', password = 'Test-Pass-2025!') {
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const client = cognito();
  try {
    const { UserSub } = await client.send(new SignUpCommand({
      ClientId: local().cognito.clientId, Username: email, Password: password,
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'given_name', Value: name }],
    }));
    const code = readConfirmationCode(local().cognito.userStoreFile, email);
    await client.send(new ConfirmSignUpCommand({ ClientId: local().cognito.clientId, Username: email, ConfirmationCode: code! }));
    return { email, password, sub: UserSub!, token: await signIn(email, password) };
  } finally {
    client.destroy();
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of an HTTP Basic auth header, for tests that check such credentials are refused or found. */
export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
