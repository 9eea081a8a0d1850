import type { Language, Localized } from '@shared/language';
import type { NfcTokenProgress, NfcTokenResponse } from '@shared/schemas/nfc';
import type { Clock, Ids } from '../../platform/ports/clock';
import type { SettingsStore } from '../../platform/ports/settings';
import type { SigningKeys } from '../ports/signing-keys';
import type { Users } from '../../accounts/ports/users';
import type { VendSession, VendSessions } from '../ports/vend-sessions';
import { conflict, notFound } from '../../platform/domain/errors';
import { signNfcToken } from './tokens';
import type { SignedInPerson } from '../../platform/ports/caller-directory';
import { ensureProfile } from '../../accounts/domain/users';
import * as texts from '../../platform/domain/texts';
import { minimumBalance } from './vend-rules';

/**
 * The NFC token (POST /api/nfc/generate-token): what a phone shows a station to pay from the wallet, and what became
 * of it (GET /api/nfc/tokens/{id}).
 */

/** A one-time ES256 token to pay at a station; only when the balance reaches the minimum to vend. */
export async function issueNfcToken(
  holder: SignedInPerson,
  deps: { users: Users; settings: SettingsStore; signingKeys: SigningKeys; clock: Clock; ids: Ids },
): Promise<NfcTokenResponse> {
  const now = deps.clock.now();
  const [user, settings] = await Promise.all([
    ensureProfile(holder, deps.users, now.toISOString()),
    deps.settings.get(),
  ]);
  const minimum = minimumBalance(settings);
  if (user.balance < minimum) throw conflict(texts.insufficientBalance(minimum));
  const [privateKey, keyId] = await Promise.all([deps.signingKeys.privateKey(), deps.signingKeys.keyId()]);
  const tokenId = deps.ids.next();
  const { token, expiresAt } = await signNfcToken({ jti: tokenId, userId: user.id, now, lifetimeSeconds: settings.nfcTokenExpirySeconds }, { privateKey, keyId });
  return { token, expiresAt: expiresAt.toISOString(), tokenId };
}

/**
 * What became of the holder's token `tokenId` (its jti), read from the record of its first presentation and the vend
 * session that opened. Before a station presents it there is no record of it, so any id nobody presented is waiting
 * (a random id tells nothing); once presented, it is another person's vend to anyone but its holder: 404.
 */
export async function followNfcToken(
  holderId: string,
  tokenId: string,
  deps: { vendSessions: Pick<VendSessions, 'usedToken' | 'get'> },
  language: Language,
): Promise<NfcTokenProgress> {
  const used = await deps.vendSessions.usedToken(tokenId);
  const progress = { tokenId, stationName: null, chargedIdr: 0, dispensedMl: 0, settledLate: false, reason: null };
  if (!used) return { ...progress, status: 'waiting' };
  if (used.userId !== holderId) throw notFound(texts.nfcTokenNotFound);
  const session = await deps.vendSessions.get(used.sessionId);
  // A presentation that opened no session was refused for the balance (vend.ts: the token is used up all the same).
  if (!session) return { ...progress, status: 'not_used', reason: texts.notUsedBalance[language] };
  const atStation = { ...progress, stationName: session.machineName };
  // An open session with an incident: the station reported what cannot be settled as it stands (docs/station-protocol.md).
  if (session.status === 'open') return session.incident ? { ...atStation, status: 'checking', reason: texts.vendBeingChecked[language] } : { ...atStation, status: 'dispensing' };
  const charged = session.charged ?? 0;
  if (session.status === 'completed' && charged > 0) {
    return { ...atStation, status: 'charged', chargedIdr: charged, dispensedMl: session.dispensedMl ?? 0, settledLate: session.settledLate ?? false };
  }
  return { ...atStation, status: 'not_used', reason: whyNotUsed(session)[language] };
}

/** Why a closed session charged nothing, from how it closed (its stored reason is the station's or the sweep's English). */
function whyNotUsed(session: VendSession): Localized {
  if (session.status === 'completed') return texts.notUsedNoWater;
  if (session.status === 'expired') return texts.notUsedNoReport;
  return session.reason === 'insufficient_balance' ? texts.notUsedBalance : texts.notUsedStationStopped;
}
