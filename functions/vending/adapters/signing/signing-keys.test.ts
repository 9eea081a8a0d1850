import { execSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compactVerify, importSPKI, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { AwsHttpApi } from '@functions/platform/adapters/aws/aws-http-api';
import { recordingSender, TEST_CREDENTIALS, TEST_ENV } from '@functions/platform/adapters/aws/aws-http-api.test-fakes';
import { generateSigningJwk, JwkSigningKeys } from './jwk-signing-keys';
import { secretsManagerSigningKeys } from './secrets-manager-signing-keys';

/** The commands docs/infrastructure.md gives operators ("Replacing the signing key by hand"), read from the doc itself. */
function documentedCommands(workDir: string): string[] {
  const doc = readFileSync(new URL('../../../../docs/infrastructure.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('**Replacing the signing key by hand**'));
  const block = /```bash\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .split('\n')
    .filter((line) => line.startsWith('openssl ') || line.startsWith('node '))
    .map((line) => line.replaceAll('signing-key.', `${workDir}/signing-key.`));
}

const dir = mkdtempSync(join(tmpdir(), 'signing-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('signing keys', () => {
  it('reads the private JWK from Secrets Manager once', async () => {
    const jwk = await generateSigningJwk();
    const sender = recordingSender({ body: new TextEncoder().encode(JSON.stringify({ SecretString: JSON.stringify(jwk) })) });
    const api = new AwsHttpApi({ signingName: 'secretsmanager', endpoint: 'https://secretsmanager.ap-southeast-1.amazonaws.com' }, { env: TEST_ENV, credentials: async () => TEST_CREDENTIALS, send: sender.send });
    const keys = secretsManagerSigningKeys(api, 'arn:secret');
    await keys.privateKey();
    await keys.publicKeyPem();
    expect(sender.requests).toHaveLength(1);
    expect(JSON.parse(String(sender.requests[0]!.body))).toEqual({ SecretId: 'arn:secret' });
  });

  it('loads exactly what the documented commands write (docs/infrastructure.md, "Secrets")', async () => {
    const commands = documentedCommands(dir);
    expect(commands).toHaveLength(2);
    for (const command of commands) execSync(command, { cwd: dir });
    const secretString = readFileSync(join(dir, 'signing-key.json'), 'utf8');
    const keys = new JwkSigningKeys(async () => JSON.parse(secretString) as unknown);
    const jws = await new SignJWT({ a: 1 }).setProtectedHeader({ alg: 'ES256' }).sign(await keys.privateKey());
    await expect(compactVerify(jws, await importSPKI(await keys.publicKeyPem(), 'ES256'))).resolves.toBeTruthy();
  });

  it('loads a SEC1 PEM (openssl ecparam -genkey) the same way', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'sec1' }).toString();
    const keys = new JwkSigningKeys(async () => ({ privateKeyPem: pem }));
    expect(await keys.keyId()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('says the key is not created yet while the secret holds its placeholder', async () => {
    await expect(new JwkSigningKeys(async () => ({ privateKeyPem: null, placeholder: 'x' })).privateKey()).rejects.toThrow(/placeholder/);
  });

  it.each([
    ['a P-384 PEM', { privateKeyPem: generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() }],
    ['text that is not a PEM', { privateKeyPem: 'not a key' }],
    ['a public key only', { kty: 'EC', crv: 'P-256', x: 'a', y: 'b' }],
    ['an RSA key', { kty: 'RSA', n: 'a', e: 'AQAB', d: 'c' }],
    ['another curve', { kty: 'EC', crv: 'P-384', x: 'a', y: 'b', d: 'c' }],
  ])('refuses %s as the signing key', async (_label, jwk) => {
    await expect(new JwkSigningKeys(async () => jwk).privateKey()).rejects.toThrow(/EC P-256 private key/);
  });
});
