import type { Language } from '@shared/language';
import type { GuestClaimInput, GuestOrder as GuestOrderView } from '@shared/schemas/guest';
import type { ClaimRecord } from '../../vending/ports/claims';
import { consoleLog } from '../../platform/ports/log';
import { guestOrderOfAccount, type GuestOrder } from '../../wallet/ports/payment-orders';
import type { PaymentDeps } from '../../wallet/domain/payment-deps';
import { fileClaim } from '../../vending/domain/claims';
import { conflict } from '../../platform/domain/errors';
import * as vendingTexts from '../../vending/domain/texts';
import { renderEmail, type RenderedEmail } from '../../platform/domain/email-template';
import { claimOutcomeData, claimOutcomeEmail } from '../../vending/domain/claim-emails';
import { claimReceivedEmail } from './guest-emails';
import type { Telemetry } from '../../fleet/ports/telemetry';
import { guestOrderWithSecret, payClaimCredit, readGuestOrder, type GuestDeps } from './guest-orders';

/** A claim reads the station's telemetry around the refill (vending/domain/claims.ts). */
export type GuestClaimDeps = GuestDeps & { telemetry: Telemetry };

/**
 * "I didn't get my water" from a guest's receipt (docs/payments.md, "Guest orders"): the claim, its acknowledgement and
 * its outcome by e-mail, and the credit's way back to the guest once an admin decided.
 */


/**
 * A guest claims the refill from the receipt (its secret authorises it), within 24 h, with the signed-in claim's
 * rules (claims.ts): credited at once when the station's record supports it, else the admin queue. The credit lands
 * in the guest account and goes back to the guest through the gateway (payClaimCredit).
 */
export async function createGuestClaim(orderId: string, input: GuestClaimInput, deps: GuestClaimDeps, language: Language = 'en'): Promise<GuestOrderView> {
  const order = await guestOrderWithSecret(orderId, input.secret, deps);
  if (!order.closedAt) throw conflict(vendingTexts.refillInProgress);
  // What the order charged is what it settled at its close; a completion charged after a full refund is no claim's.
  if (!order.sessionId || (order.charged ?? 0) <= 0) throw conflict(vendingTexts.nothingCharged);
  const contact = { ...(input.email ? { email: input.email } : {}), ...(input.whatsapp ? { whatsapp: input.whatsapp } : {}) };
  const claim = await fileClaim(order.userId, order.sessionId, { kind: input.kind, note: input.note, language, contact }, {
    vendSessions: deps.vendSessions, claims: deps.claims, ledger: deps.ledger, users: deps.users, telemetry: deps.telemetry, clock: deps.clock, log: deps.log,
  });
  const view = await readGuestOrder(orderId, input.secret, deps, language);
  await (claim.status === 'pending' ? mailClaimReceived(order, claim, deps) : mailClaimOutcome(order, claim, deps));
  return view;
}

/** A guest claim's e-mails are in the language of the claim's request, else the order's. */
const claimLanguageOf = (order: GuestOrder, claim: Pick<ClaimRecord, 'language'>): Language => claim.language ?? order.language ?? 'en';

/** Where a guest claim's e-mails go: the address given with the claim, else the receipt's. */
const claimMailTo = (order: GuestOrder, claim: Pick<ClaimRecord, 'contact'>) => claim.contact?.email ?? order.email;

/**
 * The acknowledgement of a guest claim that waits for an admin, e-mailed in the claim's language when an address was
 * given (a WhatsApp number is answered by the team by hand: the admin's queue shows it).
 */
async function mailClaimReceived(order: GuestOrder, claim: Pick<ClaimRecord, 'contact' | 'language'>, deps: PaymentDeps): Promise<void> {
  const to = claimMailTo(order, claim);
  if (!to || !deps.mailer) return;
  await sendGuestMail(order, to, renderEmail(claimReceivedEmail, { machineName: order.machineName, orderId: order.orderId }, claimLanguageOf(order, claim)), 'guest claim acknowledgement e-mail not sent', deps);
}

/**
 * The outcome of a guest's claim, e-mailed to the receipt's address when the guest gave one, in the language of
 * the claim's request, else the order's (docs/architecture.md, "E-mail").
 */
async function mailClaimOutcome(order: GuestOrder, claim: Pick<ClaimRecord, 'status' | 'creditedIdr' | 'resolution' | 'language' | 'contact' | 'machineName' | 'vendAt'>, deps: PaymentDeps): Promise<void> {
  const to = claimMailTo(order, claim);
  if (!to || !deps.mailer || claim.status === 'pending') return;
  await sendGuestMail(order, to, renderEmail(claimOutcomeEmail, claimOutcomeData(claim, order), claimLanguageOf(order, claim)), 'guest claim outcome e-mail not sent', deps);
}

/** A claim's e-mail to the guest; a refused one is logged, never the claim's failure. */
async function sendGuestMail(order: GuestOrder, to: string, mail: RenderedEmail, failure: string, deps: PaymentDeps): Promise<void> {
  try {
    await deps.mailer?.send({ to, ...mail });
  } catch (error) {
    (deps.log ?? consoleLog).warn(failure, { orderId: order.orderId, error: (error as Error).message });
  }
}

/** After an admin resolved a claim: a guest's credit goes back to the guest at once (the receipt page would do it later). */
export async function afterClaimResolved(claim: ClaimRecord, deps: GuestDeps): Promise<void> {
  const orderId = guestOrderOfAccount(claim.userId);
  const order = orderId ? await deps.paymentOrders.get(orderId) : null;
  if (order?.kind !== 'guest') return;
  await payClaimCredit(order, claim, deps);
  await mailClaimOutcome(order, claim, deps);
}
