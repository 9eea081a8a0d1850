import type { Language } from '@shared/language';
import { formatRupiah } from '@shared/money';
import type { GuestClaimInput, GuestOrder as GuestOrderView } from '@shared/schemas/guest';
import type { ClaimRecord } from '../../vending/ports/claims';
import { consoleLog } from '../../platform/ports/log';
import { guestOrderOfAccount, type GuestOrder } from '../../wallet/ports/payment-orders';
import type { PaymentDeps } from '../../wallet/domain/payment-deps';
import { fileClaim } from '../../vending/domain/claims';
import { conflict } from '../../platform/domain/errors';
import * as texts from '../../platform/domain/texts';
import { guestOrderWithSecret, payClaimCredit, readGuestOrder, type GuestDeps } from './guest-orders';

/**
 * "I didn't get my water" from a guest's receipt (docs/payments.md, "Guest orders"): the claim, its acknowledgement and
 * its outcome by e-mail, and the credit's way back to the guest once an admin decided.
 */


/**
 * A guest claims the refill from the receipt (its secret authorises it), within 24 h, with the signed-in claim's
 * rules (claims.ts): credited at once when the station's record supports it, else the admin queue. The credit lands
 * in the guest account and goes back to the guest through the gateway (payClaimCredit).
 */
export async function createGuestClaim(orderId: string, input: GuestClaimInput, deps: GuestDeps, language: Language = 'en'): Promise<GuestOrderView> {
  const order = await guestOrderWithSecret(orderId, input.secret, deps);
  if (!order.closedAt) throw conflict(texts.refillInProgress);
  // What the order charged is what it settled at its close; a completion charged after a full refund is no claim's.
  if (!order.sessionId || (order.charged ?? 0) <= 0) throw conflict(texts.nothingCharged);
  const contact = { ...(input.email ? { email: input.email } : {}), ...(input.whatsapp ? { whatsapp: input.whatsapp } : {}) };
  const claim = await fileClaim(order.userId, order.sessionId, { kind: input.kind, note: input.note, language, contact }, {
    vendSessions: deps.vendSessions, claims: deps.claims, ledger: deps.ledger, users: deps.users, telemetry: deps.telemetry, clock: deps.clock, log: deps.log,
  });
  const view = await readGuestOrder(orderId, input.secret, deps, language);
  await (claim.status === 'pending' ? mailClaimReceived(order, claim, deps) : mailClaimOutcome(order, claim, deps));
  return view;
}

/** Where a guest claim's e-mails go: the address given with the claim, else the receipt's. */
const claimMailTo = (order: GuestOrder, claim: Pick<ClaimRecord, 'contact'>) => claim.contact?.email ?? order.email;

/**
 * The acknowledgement of a guest claim that waits for an admin, e-mailed in the claim's language when an address was
 * given (a WhatsApp number is answered by the team by hand: the admin's queue shows it).
 */
async function mailClaimReceived(order: GuestOrder, claim: Pick<ClaimRecord, 'contact' | 'language'>, deps: PaymentDeps): Promise<void> {
  const to = claimMailTo(order, claim);
  if (!to || !deps.mailer) return;
  const mails: Record<Language, { subject: string; text: string }> = {
    en: {
      subject: 'We received your refill claim',
      text: [`We received your claim on the refill at ${order.machineName} (receipt ${order.orderId}).`, 'Our team looks at it within a day and answers you at this address.'].join('\n'),
    },
    id: {
      subject: 'Klaim isi ulang Anda kami terima',
      text: [`Kami menerima klaim Anda atas isi ulang di ${order.machineName} (struk ${order.orderId}).`, 'Tim kami memeriksanya dalam satu hari dan menjawab Anda di alamat ini.'].join('\n'),
    },
  };
  await sendGuestMail(order, to, mails[claim.language ?? order.language ?? 'en'], 'guest claim acknowledgement e-mail not sent', deps);
}

/**
 * The outcome of a guest's claim, e-mailed to the receipt's address when the guest gave one, in the language of
 * the claim's request, else the order's (docs/architecture.md, "E-mail").
 */
async function mailClaimOutcome(order: GuestOrder, claim: Pick<ClaimRecord, 'status' | 'creditedIdr' | 'resolution' | 'language' | 'contact'>, deps: PaymentDeps): Promise<void> {
  const to = claimMailTo(order, claim);
  if (!to || !deps.mailer || claim.status === 'pending') return;
  const reason = claim.resolution?.reason ?? '';
  const amount = formatRupiah(claim.creditedIdr);
  const mails: Record<Language, { subject: string; text: string }> = claim.status === 'credited'
    ? {
      en: {
        subject: `Your refill claim: ${amount} refunded`,
        text: [`We refund ${amount} for your refill at ${order.machineName} (receipt ${order.orderId}) to the app or card you paid with.`, `Why: ${reason}`].join('\n'),
      },
      id: {
        subject: `Klaim isi ulang: ${amount} dikembalikan`,
        text: [`Kami mengembalikan ${amount} untuk isi ulang Anda di ${order.machineName} (struk ${order.orderId}) ke aplikasi atau kartu yang Anda pakai membayar.`, `Alasan: ${reason}`].join('\n'),
      },
    }
    : {
      en: { subject: 'Your refill claim was declined', text: [`We looked at your claim on the refill at ${order.machineName} (receipt ${order.orderId}) and declined it.`, `Reason: ${reason}`].join('\n') },
      id: { subject: 'Klaim isi ulang Anda ditolak', text: [`Kami memeriksa klaim Anda atas isi ulang di ${order.machineName} (struk ${order.orderId}) dan menolaknya.`, `Alasan: ${reason}`].join('\n') },
    };
  await sendGuestMail(order, to, mails[claim.language ?? order.language ?? 'en'], 'guest claim outcome e-mail not sent', deps);
}

/** A claim's e-mail to the guest; a refused one is logged, never the claim's failure. */
async function sendGuestMail(order: GuestOrder, to: string, mail: { subject: string; text: string }, failure: string, deps: PaymentDeps): Promise<void> {
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
