import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateSigningJwk, JwkSigningKeys } from '@functions/vending/adapters/signing/jwk-signing-keys';

/** Creates the local signing key file (a private JWK, mode 0600) unless it exists; returns its path. */
export async function ensureSigningKeyFile(file: string): Promise<string> {
  try {
    readFileSync(file);
    return file;
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    const jwk = await generateSigningJwk();
    try {
      writeFileSync(file, JSON.stringify(jwk, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process wrote it first: keep theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return file;
  }
}

/**
 * The local cloud's signing key: the private JWK in a file under the ignored .local/ folder (SIGNING_KEY_FILE), plugged
 * into the signing keys' provider by infra/local/composition.ts. Deployed, the key is a Secrets Manager secret.
 */
export const fileSigningKeys = (file: string) => new JwkSigningKeys(async () => JSON.parse(readFileSync(file, 'utf8')) as unknown);
