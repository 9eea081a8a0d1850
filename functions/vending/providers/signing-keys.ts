import { secretsManagerApi } from '../../platform/adapters/aws/secrets-manager';
import { secretsManagerSigningKeys } from '../adapters/signing/secrets-manager-signing-keys';
import { setting } from '../../platform/environment';
import { provider } from '../../platform/providers/provider';

/**
 * The ES256 key of NFC and vend tokens: the SIGNING_KEY_SECRET_ARN secret (Secrets Manager). The local cloud plugs in
 * its key file instead (useLocalStationAdapters, infra/local/composition.ts).
 */
export const signingKeys = /* @__PURE__ */ provider(() => secretsManagerSigningKeys(secretsManagerApi(process.env), setting('SIGNING_KEY_SECRET_ARN')));
