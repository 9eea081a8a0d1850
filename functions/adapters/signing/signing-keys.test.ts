import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { compactVerify, importSPKI, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureSigningKeyFile, fileSigningKeys } from './file-signing-keys';
import { generateSigningJwk, JwkSigningKeys } from './jwk-signing-keys';
import { secretsManagerSigningKeys } from './secrets-manager-signing-keys';

const dir = mkdtempSync(join(tmpdir(), 'signing-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('signing keys', () => {
  it('creates the local key file once (private JWK, mode 0600) and keeps it', async () => {
    const file = join(dir, 'key.jwk.json');
    await ensureSigningKeyFile(file);
    const first = readFileSync(file, 'utf8');
    await ensureSigningKeyFile(file);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(first)).toMatchObject({ kty: 'EC', crv: 'P-256', d: expect.any(String) });
  });

  it('signs with the private key and hands out only the public key as PEM', async () => {
    const file = await ensureSigningKeyFile(join(dir, 'key2.jwk.json'));
    const keys = fileSigningKeys(file);
    const jws = await new SignJWT({ a: 1 }).setProtectedHeader({ alg: 'ES256' }).sign(await keys.privateKey());
    const pem = await keys.publicKeyPem();
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(pem).not.toContain(JSON.parse(readFileSync(file, 'utf8')).d);
    await expect(compactVerify(jws, await importSPKI(pem, 'ES256'))).resolves.toBeTruthy();
    expect(await keys.keyId()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('reads the private JWK from Secrets Manager once', async () => {
    const sm = mockClient(SecretsManagerClient);
    const jwk = await generateSigningJwk();
    sm.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify(jwk) });
    const keys = secretsManagerSigningKeys(new SecretsManagerClient({ region: 'ap-southeast-3' }), 'arn:secret');
    await keys.privateKey();
    await keys.publicKeyPem();
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(sm.commandCalls(GetSecretValueCommand)[0]!.args[0].input).toEqual({ SecretId: 'arn:secret' });
    sm.restore();
  });

  it.each([
    ['a public key only', { kty: 'EC', crv: 'P-256', x: 'a', y: 'b' }],
    ['an RSA key', { kty: 'RSA', n: 'a', e: 'AQAB', d: 'c' }],
    ['another curve', { kty: 'EC', crv: 'P-384', x: 'a', y: 'b', d: 'c' }],
  ])('refuses %s as the signing key', async (_label, jwk) => {
    await expect(new JwkSigningKeys(async () => jwk).privateKey()).rejects.toThrow(/EC P-256 private JWK/);
  });
});
