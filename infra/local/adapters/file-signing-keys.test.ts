import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compactVerify, importSPKI, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureSigningKeyFile, fileSigningKeys } from './file-signing-keys';

const dir = mkdtempSync(join(tmpdir(), 'signing-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the local cloud's signing key file", () => {
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
});
