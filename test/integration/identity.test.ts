import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { decodeJwt, generateKeyPair, importJWK, SignJWT } from 'jose';
import { bearer, newAccount, signInAs, basicAuth } from '../support/auth';
import { apiFetch, local } from '../support/local';

describe('local identity, verified as the JWT authorizer would', () => {
  it('issues ID tokens for the seeded accounts, each console role in its group and the user in none', async () => {
    const user = await signInAs('user');
    const admin = await signInAs('admin');
    expect(decodeJwt(user.token)).toMatchObject({ sub: user.sub, aud: local().cognito.clientId, iss: local().cognito.issuer });
    expect(decodeJwt(user.token)['cognito:groups']).toBeUndefined();
    expect(decodeJwt(admin.token)['cognito:groups']).toEqual(['admin']);
    expect(decodeJwt((await signInAs('technician')).token)['cognito:groups']).toEqual(['technician']);
    expect(decodeJwt((await signInAs('host')).token)['cognito:groups']).toEqual(['host']);
  });

  it('signs up a new account with the e-mail code stored by cognito-local', async () => {
    const account = await newAccount('made');
    expect(decodeJwt(account.token)).toMatchObject({ sub: account.sub, email: account.email });
  });

  it('answers 401 on a protected route without a token, with a forged token, and with an expired one', async () => {
    expect((await apiFetch('/api/admin/auth/check')).status).toBe(401);
    const { privateKey } = await generateKeyPair('RS256');
    const { sub } = await signInAs('admin');
    const forged = await new SignJWT({ 'cognito:groups': ['admin'], aud: local().cognito.clientId })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).setSubject(sub).setIssuer(local().cognito.issuer)
      .setIssuedAt().setExpirationTime('1h').sign(privateKey);
    const forgedAnswer = await apiFetch('/api/admin/auth/check', { headers: bearer(forged) });
    expect(forgedAnswer.status).toBe(401);
    expect(forgedAnswer.body).toEqual({ message: 'Unauthorized' });
    expect((await apiFetch('/api/admin/auth/check', { headers: { authorization: basicAuth('admin', 'admin') } })).status).toBe(401);

    // Signed with cognito-local's own key, so only the expiry (or the audience) can make it fail.
    const { jwk } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: Record<string, string> };
    const realKey = await importJWK(jwk, 'RS256');
    const signed = (audience: string, expires: number) => new SignJWT({ 'cognito:groups': ['admin'], aud: audience })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).setSubject(sub).setIssuer(local().cognito.issuer)
      .setIssuedAt(expires - 3600).setExpirationTime(expires).sign(realKey);
    const now = Math.floor(Date.now() / 1000);
    expect((await apiFetch('/api/admin/auth/check', { headers: bearer(await signed(local().cognito.clientId, now - 60)) })).status).toBe(401);
    expect((await apiFetch('/api/admin/auth/check', { headers: bearer(await signed('another-client', now + 600)) })).status).toBe(401);
    // The same token with a valid expiry and audience passes the authorizer (the route itself is not built yet).
    expect((await apiFetch('/api/admin/auth/check', { headers: bearer(await signed(local().cognito.clientId, now + 600)) })).status).not.toBe(401);
  });
});

describe('global sign-out, as Cognito does it', () => {
  it('revokes every refresh token of the user (each device), refuses a token it did not sign, and leaves other users signed in', async () => {
    const { CognitoIdentityProviderClient, GlobalSignOutCommand, InitiateAuthCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    const { endpoint, region, clientId } = local().cognito;
    const cognito = new CognitoIdentityProviderClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    try {
      const account = await newAccount('signout');
      const other = await newAccount('staying');
      const signIn = async (email: string) => (await cognito.send(new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: 'Test-Pass-2025!' },
      }))).AuthenticationResult!;
      const refresh = (token: string) => cognito.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: token } }));
      const phone = await signIn(account.email);
      const laptop = await signIn(account.email);
      const elsewhere = await signIn(other.email);
      expect((await refresh(laptop.RefreshToken!)).AuthenticationResult?.IdToken).toBeTruthy();

      await expect(cognito.send(new GlobalSignOutCommand({ AccessToken: phone.IdToken! }))).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT({ token_use: 'access', client_id: clientId }).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
        .setSubject(account.sub).setIssuedAt().setExpirationTime('1h').sign(privateKey);
      await expect(cognito.send(new GlobalSignOutCommand({ AccessToken: forged }))).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      expect((await refresh(phone.RefreshToken!)).AuthenticationResult?.IdToken).toBeTruthy();

      expect((await cognito.send(new GlobalSignOutCommand({ AccessToken: phone.AccessToken! }))).$metadata.httpStatusCode).toBe(200);
      for (const device of [phone, laptop]) await expect(refresh(device.RefreshToken!)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      expect((await refresh(elsewhere.RefreshToken!)).AuthenticationResult?.IdToken).toBeTruthy();
    } finally {
      cognito.destroy();
    }
  });

  it("the console's sign-out (AdminUserGlobalSignOut) revokes the user's refresh tokens; a wrong password is refused as Cognito refuses it", async () => {
    const { AdminUserGlobalSignOutCommand, CognitoIdentityProviderClient, InitiateAuthCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    const { endpoint, region, clientId, userPoolId } = local().cognito;
    const cognito = new CognitoIdentityProviderClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    try {
      const account = await newAccount('admin-signout');
      const signIn = (password: string) => cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: account.email, PASSWORD: password } }));
      await expect(signIn('Wrong-Pass-2025!')).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
      const session = (await signIn('Test-Pass-2025!')).AuthenticationResult!;
      const refresh = () => cognito.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: session.RefreshToken! } }));
      expect((await refresh()).AuthenticationResult?.IdToken).toBeTruthy();
      await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: account.sub }));
      await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      await expect(cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: 'nobody-at-all' }))).rejects.toMatchObject({ name: 'UserNotFoundException' });
    } finally {
      cognito.destroy();
    }
  });
});
