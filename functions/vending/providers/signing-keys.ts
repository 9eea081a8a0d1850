import { secretsManagerApi } from '../../platform/adapters/aws/secrets-manager';
import { fileSigningKeys } from '../adapters/signing/file-signing-keys';
import { secretsManagerSigningKeys } from '../adapters/signing/secrets-manager-signing-keys';
import { localOnlySetting, setting } from '../../platform/environment';
import type { SigningKeys } from '../ports/signing-keys';
import { provider } from '../../platform/providers/provider';

/** The ES256 key of NFC and vend tokens: the SIGNING_KEY_SECRET_ARN secret (Secrets Manager); a local key file in the local cloud. */
function createSigningKeys(env: NodeJS.ProcessEnv = process.env): SigningKeys {
  const file = localOnlySetting('SIGNING_KEY_FILE', env);
  if (file) return fileSigningKeys(file);
  return secretsManagerSigningKeys(secretsManagerApi(env), setting('SIGNING_KEY_SECRET_ARN', env));
}

export const signingKeys = /* @__PURE__ */ provider(() => createSigningKeys());
