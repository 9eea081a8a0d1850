import type { Clock, Ids } from '../ports/clock';
import type { SettingsStore } from '../ports/settings';
import type { SigningKeys } from '../ports/signing-keys';
import type { Users } from '../ports/users';
import { conflict } from './errors';
import { signNfcToken } from './tokens';
import { ensureProfile, type SignedInPerson } from './users';
import * as texts from './texts';
import { minimumBalance } from './vend-rules';

/** The NFC token (POST /api/nfc/generate-token): what a phone shows a station to pay from the wallet. */

/** A one-time ES256 token to pay at a station; only when the balance reaches the minimum to vend. */
export async function issueNfcToken(
  holder: SignedInPerson,
  deps: { users: Users; settings: SettingsStore; signingKeys: SigningKeys; clock: Clock; ids: Ids },
): Promise<{ token: string; expiresAt: string }> {
  const now = deps.clock.now();
  const [user, settings] = await Promise.all([
    ensureProfile(holder, deps.users, now.toISOString()),
    deps.settings.get(),
  ]);
  const minimum = minimumBalance(settings);
  if (user.balance < minimum) throw conflict(texts.insufficientBalance(minimum));
  const [privateKey, keyId] = await Promise.all([deps.signingKeys.privateKey(), deps.signingKeys.keyId()]);
  const { token, expiresAt } = await signNfcToken({ jti: deps.ids.next(), userId: user.id, now, lifetimeSeconds: settings.nfcTokenExpirySeconds }, { privateKey, keyId });
  return { token, expiresAt: expiresAt.toISOString() };
}
