import * as z from '../zod';
import { lazySchema } from '../lazy-schema';

/**
 * The NFC token a phone shows a station to pay from the wallet (docs/architecture.md, "The vend protocol"), and what
 * became of it, which the app follows while the code is on screen.
 */

/**
 * `tokenId` is the token's one-time id (its `jti`): GET /api/nfc/tokens/{tokenId} follows it. `reservedIdr` is what the
 * token holds from the wallet while it lives, `allowanceMl` the most a station without its connection may dispense for it.
 */
export const NfcTokenResponse = /* @__PURE__ */ lazySchema(() => z.object({
  token: z.string(), expiresAt: z.string(), tokenId: z.string(),
  reservedIdr: z.number().check(z.int(), z.nonnegative()), allowanceMl: z.number().check(z.int(), z.nonnegative()),
}));
export type NfcTokenResponse = z.infer<typeof NfcTokenResponse>;

export const NfcTokenParams = /* @__PURE__ */ lazySchema(() => z.object({ id: z.uuid('Not a token id') }));

/**
 * waiting: no station has presented it (yet); dispensing: its vend session is open; charged: the session settled
 * (on time or late); not_used: it ended with nothing charged (`reason` says why, in the reader's language).
 */
/** `checking`: the station reported what the vend could not settle as it stands (an incident), and the team is on it. */
const nfcTokenStatuses = ['waiting', 'dispensing', 'checking', 'charged', 'not_used'] as const;

export const NfcTokenProgress = /* @__PURE__ */ lazySchema(() => z.object({
  tokenId: z.string(),
  status: z.enum(nfcTokenStatuses),
  /** The station that took the token (null while waiting). */
  stationName: z.nullable(z.string()),
  /** Rupiah charged for the water (on a late settlement, what the balance paid and what became owed together). */
  chargedIdr: z.number().check(z.int(), z.nonnegative()),
  dispensedMl: z.number().check(z.int(), z.nonnegative()),
  /** Charged after the hold had been released: the station's report came late (docs/architecture.md, "Late completions"). */
  settledLate: z.boolean(),
  reason: z.nullable(z.string()),
}));
export type NfcTokenProgress = z.infer<typeof NfcTokenProgress>;
