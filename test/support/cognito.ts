import { CognitoIdentityProviderClient, ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { passwordSignIn, type LocalIdentityOutputs } from '@infra/local/identity';
import type { LocalOutputs } from '@infra/local/stack';
import { emailedCode } from './outbox';

/**
 * Sign-in and sign-up against a local Cognito, given its outputs: for the tests (through test/support/auth.ts)
 * and for tools that run outside vitest (the benchmarks).
 */
function cognito(outputs: LocalIdentityOutputs) {
  return new CognitoIdentityProviderClient({ endpoint: outputs.endpoint, region: outputs.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/**
 * Signs in with the password flow and returns the ID token the browser sends as its bearer token (or the access token).
 * A seeded account with TOTP enrolled (the admin) answers the code challenge with its `totpSecret`.
 */
export async function signInWith(outputs: LocalIdentityOutputs, username: string, password: string, token: 'id' | 'access' = 'id'): Promise<string> {
  const client = cognito(outputs);
  try {
    const totpSecret = outputs.accounts.find((a) => a.username === username)?.totpSecret;
    const result = await passwordSignIn(client, outputs.clientId, { username, password, totpSecret });
    return token === 'id' ? result.IdToken! : result.AccessToken!;
  } finally {
    client.destroy();
  }
}

/** Registers and confirms a new account (with the code e-mailed to the local outbox), then signs it in. */
export async function newAccountWith(local: Pick<LocalOutputs, 'cognito' | 'mail'>, name = 'tester', password = 'Test-Pass-2025!') {
  const outputs = local.cognito;
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const client = cognito(outputs);
  try {
    const { UserSub } = await client.send(new SignUpCommand({
      ClientId: outputs.clientId, Username: email, Password: password,
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'given_name', Value: name }],
    }));
    const { code } = await emailedCode(local.mail.messages, email);
    await client.send(new ConfirmSignUpCommand({ ClientId: outputs.clientId, Username: email, ConfirmationCode: code }));
    return { email, password, sub: UserSub!, token: await signInWith(outputs, email, password) };
  } finally {
    client.destroy();
  }
}
