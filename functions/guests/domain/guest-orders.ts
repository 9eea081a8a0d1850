import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEFAULT_MAX_FILL_ML } from '@shared/constants';
import { impactOfLitres } from '@shared/impact';
import type { Language, Localized } from '@shared/language';
import { priceOfMillilitres } from '@shared/money';
import { CLAIM_WINDOW_HOURS } from '@shared/schemas/claim';
import { isCardWallet } from '@shared/schemas/transaction';
import {
  type GuestOrder as GuestOrderView,
  type GuestOrderRequest,
} from '@shared/schemas/guest';
import type { ClaimRecord, Claims } from '../../vending/ports/claims';
import { consoleLog } from '../../platform/ports/log';
import type { Machines } from '../../stations/ports/machines';
import { GatewayRejected, type GatewayRefund } from '../../wallet/ports/payment-gateway';
import {
  guestAccountOf,
  guestRefundKeys,
  refundInFlightAccount,
  type GuestOrder,
  type PaymentOrder,
} from '../../wallet/ports/payment-orders';
import { quotaWindow, type RequestQuota } from '../../platform/ports/request-quota';
import { TransactionPartRejected, type TransactionPart } from '../../platform/ports/transaction';
import type { Users } from '../../accounts/ports/users';
import type { VendSession, VendSessions } from '../../vending/ports/vend-sessions';
import { conflict, DomainError, invalid, notFound, tooManyRequests } from '../../platform/domain/errors';
import { effectiveStatus, fallbackName, stationPrice } from '../../stations/domain/machines';
import { refreshFromGateway } from '../../wallet/domain/payment-confirmation';
import {
  chargeOrder,
  fingerprintOf,
  newOrderState,
  orderIdFor,
  orderKind,
  requireIdempotencyKey,
} from '../../wallet/domain/payment-orders';
import type { PaymentDeps } from '../../wallet/domain/payment-deps';
import { takeBackRefunds } from '../../wallet/domain/payment-reports';
import { PAID_TOO_LATE, STATION_UNAVAILABLE } from '../../wallet/domain/purchase-paid';
import { paidSessionId } from '../../vending/domain/vend-paid';
import * as texts from './texts';
import * as stationTexts from '../../stations/domain/texts';
import * as walletTexts from '../../wallet/domain/texts';
import { storedMessageIn, storedText } from '../../wallet/domain/stored-texts';
import { renderEmail } from '../../platform/domain/email-template';
import { receiptEmail, type ReceiptEmailData } from './guest-emails';

/**
 * Scan-to-refill without an account (docs/payments.md, "Guest orders"): a guest pays one refill at the station's
 * page; the payment is credited to a ledger account of the order's own, the station is started for it through the
 * paid-vend path (vend-paid.ts), the station settles what it dispensed, and the rest is refunded through the
 * gateway, once, under one refund key. Every step is idempotent, so the webhook, the station's report, the sweep
 * and the page's polling may all try to move the order on, in any order and any number of times.
 */

export interface GuestDeps extends PaymentDeps {
  machines: Machines;
  users: Users;
  quota: RequestQuota;
  /** Claims on the refill from the receipt ("I didn't get my water"), and what the admin sees with them. */
  claims: Claims;
  vendSessions: VendSessions;
}

/** What creating an order takes: no claim can be on a refill not yet made. */
export type GuestOrderDeps = Omit<GuestDeps, 'claims'>;

/**
 * Unpaid orders a client address and a station may have per hour: what costs us is an order left unpaid (a charge
 * at the gateway, a slot at the station), so an order gives its slots back once it is paid (returnQuota). Hotel
 * Wi-Fi and mobile carriers put many tourists behind one address: paying ones never count against the others.
 */
const GUEST_LIMITS = { unpaidPerClient: 20, unpaidPerStation: 120, windowSeconds: 3600 } as const;
/**
 * A guest payment the gateway confirms later than this after the order was made starts nothing at the station
 * (the person has likely left) and is refunded in full. Longer than a wallet purchase's cutoff: paying a QRIS
 * code from another app takes a while.
 */
const GUEST_PAYMENT_WINDOW_SECONDS = 600;
/** The one refund of what was not dispensed (`<orderId>-unused`), and the refund of what a claim credited (`<orderId>-claim`). */
export const { unused: unusedRefundKey, claim: claimRefundKey } = guestRefundKeys;

// ---------------------------------------------------------------------------------------------------------
// The receipt's secret: derived from the Idempotency-Key (known only to the guest's browser), so the same request
// again answers the same receipt link; only its hash is stored.

export const receiptSecretFor = (idempotencyKey: string) => createHash('sha256').update(`guest-receipt\n${idempotencyKey}`).digest('base64url');
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** `<orderId>~<secret>`: no dot, which the site's rewrite would take for a file extension. */
const receiptIdOf = (orderId: string, secret: string) => `${orderId}~${secret}`;

/** The receipt's secret, or the one of the receipt e-mail's link. */
function secretMatches(order: GuestOrder, secret: string): boolean {
  const given = Buffer.from(hashOf(secret), 'hex');
  return [order.secretHash, order.linkSecretHash].some((hash) => {
    const stored = Buffer.from(hash ?? '', 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored);
  });
}

/** The guest order this receipt secret opens, or 404 (a wrong secret and a missing order look the same). */
export async function guestOrderWithSecret(orderId: string, secret: string, deps: Pick<PaymentDeps, 'paymentOrders'>): Promise<GuestOrder> {
  const order = orderKind(orderId) === 'guest' ? await deps.paymentOrders.get(orderId) : null;
  if (!order || order.kind !== 'guest' || !secretMatches(order, secret)) throw notFound(texts.orderNotFound);
  return order;
}

// ---------------------------------------------------------------------------------------------------------
// POST /api/guest/orders

export async function createGuestOrder(
  input: { request: GuestOrderRequest; idempotencyKey: string | undefined; client: string; language?: Language },
  deps: GuestOrderDeps,
): Promise<GuestOrderView & { secret: string; receiptPath: string }> {
  const { request } = input;
  const now = deps.clock.now();
  const [settings, machine] = await Promise.all([deps.settings.get(), deps.machines.get(request.stationId)]);
  if (!machine) throw notFound(stationTexts.stationNotFound);
  if (effectiveStatus(machine, now, settings.heartbeatIntervalSeconds) !== 'online') throw conflict(stationTexts.stationNotAvailable);
  const maxMl = machine.maxFillMl ?? DEFAULT_MAX_FILL_ML;
  if (request.volumeMl > maxMl) throw invalid(stationTexts.atMostPerRefill(maxMl / 1000), { volumeMl: `At most ${maxMl} ml` });
  if (isCardWallet(request.paymentMethod) && !request.walletToken) throw invalid(texts.walletTokenRequired, { walletToken: 'Required for Google Pay and Apple Pay' });
  const amount = priceOfMillilitres(request.volumeMl, stationPrice(machine, settings));
  const key = requireIdempotencyKey(input.idempotencyKey);
  const orderId = orderIdFor('guest', 'guest', key);
  const secret = receiptSecretFor(key);
  const fingerprint = fingerprintOf(['guest', machine.id, request.volumeMl, amount, request.paymentMethod, request.walletToken, request.email]);

  const existing = await deps.paymentOrders.get(orderId);
  let current: PaymentOrder;
  if (existing) {
    if (existing.kind !== 'guest' || existing.fingerprint !== fingerprint) throw conflict(texts.keyReusedOrder);
    current = await chargeOrder(existing, { itemName: itemName(existing.volumeMl), walletToken: request.walletToken, payer: payerOf(existing), language: existing.language, retry: true }, deps);
  } else {
    // Only new orders count: a retry of the same request is never refused for the rate.
    const quotaKeys = await takeOrderSlots(`guest#client#${input.client}`, `guest#station#${machine.id}`, now, deps);
    const order: GuestOrder = {
      kind: 'guest',
      orderId,
      userId: guestAccountOf(orderId),
      amount,
      paymentMethod: request.paymentMethod,
      idempotencyKey: key,
      fingerprint,
      ...newOrderState(now.toISOString()),
      machineId: machine.id,
      machineName: machine.name?.trim() || fallbackName(machine.id),
      volumeMl: request.volumeMl,
      sessionId: null,
      sessionStatus: null,
      secretHash: hashOf(secret),
      email: request.email ?? null,
      language: input.language ?? 'en',
      quotaKeys,
    };
    await deps.users.ensureGuestAccount(order.userId, now.toISOString());
    const stored = await deps.paymentOrders.create(order);
    if (!stored.created && (stored.order.kind !== 'guest' || stored.order.fingerprint !== fingerprint)) throw conflict(texts.keyReusedOrder);
    current = await chargeOrder(stored.order, { itemName: itemName(order.volumeMl), walletToken: request.walletToken, payer: payerOf(order), language: order.language, retry: !stored.created }, deps);
  }
  if (current.kind !== 'guest') throw new Error('guest order changed kind');
  // Paid at once (card wallets) and settled by someone who could not open the session: open it now (once per order).
  if (current.status === 'settled' && !current.sessionId && !current.sessionStatus) current = await afterGuestPaid(current, deps);
  if (current.kind !== 'guest') throw new Error('guest order changed kind');
  if (current.status === 'failed' || current.status === 'expired') throw new DomainError(422, storedText(current) ?? walletTexts.paymentDeclined);
  const view = await viewOf(current, secret, deps, null, input.language ?? 'en');
  return { ...view, secret, receiptPath: `/r/${view.receiptId}` };
}

/**
 * Takes the client's slot, then the station's: a client over its limit never uses one of the station's (else one
 * address could stop a station's guests). A refusal says when the window that refused ends.
 */
async function takeOrderSlots(clientKey: string, stationKey: string, now: Date, deps: Pick<GuestDeps, 'quota'>): Promise<string[]> {
  const { unpaidPerClient, unpaidPerStation, windowSeconds } = GUEST_LIMITS;
  const refused = () => tooManyRequests(texts.tooManyUnpaidOrders(Math.ceil((quotaWindow(now, windowSeconds).end * 1000 - now.getTime()) / 60_000)));
  if (!(await deps.quota.take(clientKey, unpaidPerClient, windowSeconds, now))) throw refused();
  if (!(await deps.quota.take(stationKey, unpaidPerStation, windowSeconds, now))) {
    await deps.quota.give(clientKey, windowSeconds, now);
    throw refused();
  }
  return [clientKey, stationKey];
}

/** A paid order no longer costs anything: its slots go back to its address and station, once. */
async function returnQuota(order: GuestOrder, deps: PaymentDeps): Promise<void> {
  if (!order.quotaKeys?.length || order.quotaReturnedAt || !deps.quota) return;
  if (!(await deps.paymentOrders.markQuotaReturned(order.orderId, deps.clock.now().toISOString()))) return;
  const { quota } = deps;
  await Promise.all(order.quotaKeys.map((key) => quota.give(key, GUEST_LIMITS.windowSeconds, new Date(order.createdAt))));
}

const itemName = (volumeMl: number) => `Refill ${volumeMl / 1000} L`;
const payerOf = (order: GuestOrder) => ({ sub: order.userId, username: 'guest', email: order.email, givenName: null, familyName: null });

// ---------------------------------------------------------------------------------------------------------
// GET /api/guest/orders/{id}?secret=

/**
 * The guest's order, read with the receipt's secret (anything else is 404, so ids cannot be probed). Reading moves
 * the order on where a notification or a report is overdue: a pending payment is asked of the gateway, a paid one
 * opens its session, and a closed session is settled and refunded.
 */
export async function readGuestOrder(orderId: string, secret: string, deps: GuestDeps, language: Language = 'en'): Promise<GuestOrderView> {
  let order: PaymentOrder = await guestOrderWithSecret(orderId, secret, deps);
  if (order.status === 'pending') order = await refreshFromGateway(order, deps);
  if (order.kind === 'guest' && order.status === 'settled' && !order.sessionId && !order.sessionStatus) order = await afterGuestPaid(order, deps);
  if (order.kind === 'guest' && !order.closedAt) order = await settleGuestOrder(order, deps);
  if (order.kind !== 'guest') throw new Error('guest order changed kind');
  const claim = order.closedAt && order.sessionId ? await deps.claims.get(order.userId, order.sessionId) : null;
  if (claim) order = await payClaimCredit(order, claim, deps);
  return viewOf(order, secret, deps, claim, language);
}

// ---------------------------------------------------------------------------------------------------------
// Paid: start the station, or refund it all

/**
 * Why the station was not started, from what happened (sessionStatus) and the amount, or null when it was. The
 * order also stores the English `message` (older readers, logs); what people read is composed here, in their
 * language (docs/design.md, "Error texts").
 */
const closingText = (order: Pick<GuestOrder, 'sessionId' | 'sessionStatus' | 'amount'>): Localized | null =>
  order.sessionId ? null : order.sessionStatus === STATION_UNAVAILABLE ? texts.guestNotStarted(order.amount) : order.sessionStatus === PAID_TOO_LATE ? texts.guestPaidTooLate(order.amount) : null;
const notStartedMessage = (amount: number) => texts.guestNotStarted(amount).en;
const closingMessage = (order: GuestOrder) => closingText(order)?.en ?? null;
/** What the order says to the guest in `language`: why nothing was started, or what the gateway said. */
const messageOf = (order: GuestOrder, language: Language) => closingText(order)?.[language] ?? storedMessageIn(order, language);

/**
 * Once paid (and credited to the order's account): opens the refill session at the station once (the paid-vend
 * path, idempotent on the order id). A payment confirmed after the payment window, or a station that refuses the
 * session, starts nothing: the order is closed and refunded in full.
 */
export async function afterGuestPaid(order: GuestOrder, deps: PaymentDeps): Promise<GuestOrder> {
  if (order.sessionId || order.sessionStatus) return order;
  await returnQuota(order, deps);
  const log = deps.log ?? consoleLog;
  const age = deps.clock.now().getTime() - Date.parse(order.createdAt);
  let patch: Partial<GuestOrder> | null = null;
  if (age > GUEST_PAYMENT_WINDOW_SECONDS * 1000) {
    log.warn('guest order paid after the payment window: refunded in full', { orderId: order.orderId, ageSeconds: Math.round(age / 1000) });
    patch = { sessionStatus: PAID_TOO_LATE, message: texts.guestPaidTooLate(order.amount).en };
  } else {
    // Without an opener (a caller that cannot reach stations) nothing is decided: the next caller that can opens it.
    if (!deps.openPaidSession) return order;
    try {
      const opened = await deps.openPaidSession(order);
      patch = opened ? { sessionId: opened.sessionId, sessionStatus: opened.status, message: null } : { sessionStatus: STATION_UNAVAILABLE, message: notStartedMessage(order.amount) };
    } catch (error) {
      if (!(error instanceof DomainError && error.status === 409)) throw error;
      log.warn('guest order: the station refused the session; refunded in full', { orderId: order.orderId, error: error.message });
      patch = { sessionStatus: STATION_UNAVAILABLE, message: notStartedMessage(order.amount) };
    }
  }
  const updated = ((await deps.paymentOrders.update(order.orderId, patch)) as GuestOrder | null) ?? { ...order, ...patch };
  return updated.sessionId ? updated : settleGuestOrder(updated, deps);
}

// ---------------------------------------------------------------------------------------------------------
// Closed: refund the rest, once, and send the receipt

/**
 * What the refill came to: null while the session is open (or the payment is not settled), or while the station may
 * still report an expired one. `inFullOf` names the session whose refund in full is recorded with its money.
 */
async function outcomeOf(order: GuestOrder, deps: GuestSettlementDeps): Promise<{ dispensedMl: number; charged: number; inFullOf?: string } | null> {
  if (order.status !== 'settled' && order.status !== 'refunded') return null;
  if (!deps.vendSessions) return null;
  // A session, once opened, decides, whatever a caller that lost the race to open it wrote beside it, even before
  // the opener recorded its id on the order: the paid-vend session's id is derived from the order's.
  const notStarted = order.sessionStatus === STATION_UNAVAILABLE || order.sessionStatus === PAID_TOO_LATE;
  if (!order.sessionId && !notStarted) return null;
  const session = await deps.vendSessions.get(order.sessionId ?? paidSessionId(order.orderId));
  if (!session) return notStarted ? { dispensedMl: 0, charged: 0 } : null;
  if (session.status === 'open') return null;
  // Completed: what the station reported, unless it was charged late after the refund in full (then a receivable).
  if (session.status === 'completed' && session.fullRefund !== 'made') return { dispensedMl: session.dispensedMl ?? 0, charged: session.charged ?? 0 };
  // Expired: the sweep's word, not the station's. A station back from a 4G gap still reports what it dispensed, so the
  // refund in full waits until it can no longer: the sweep marks it due (docs/payments.md, "Guest orders").
  if (session.status === 'expired' && (session.fullRefund === undefined || session.fullRefund === 'waiting')) {
    if (!session.fullRefund) await deps.vendSessions.awaitStation(session.id, session.closedAt ?? deps.clock.now().toISOString());
    return null;
  }
  return { dispensedMl: 0, charged: 0, inFullOf: session.id };
}

/**
 * Settles a guest order whose refill ended: refunds what was paid and not charged through the gateway's refund API
 * (one refund, key `<orderId>-unused`; asking again answers the same refund), takes it out of the order's account
 * in one ledger transaction with the order's refund record (the key the gateway's refund notification is matched
 * with, so it is applied once), closes the order and e-mails the receipt once. Safe to call any number of times.
 */
async function settleGuestOrder(order: GuestOrder, deps: GuestSettlementDeps): Promise<GuestOrder> {
  const log = deps.log ?? consoleLog;
  if (order.closedAt) return mailReceipt(order, deps);
  const outcome = await outcomeOf(order, deps);
  if (!outcome) return order;
  let current: PaymentOrder = order;
  const due = order.amount - outcome.charged - (order.refunded ?? 0);
  if (due > 0) {
    // A refund in full commits with its session's record of it, so that a late completion is settled before it or after it, never beside it.
    const together = outcome.inFullOf ? deps.vendSessions?.refundingInFull(outcome.inFullOf) : undefined;
    const refunded = await refundGuest(order, due, unusedRefundKey(order.orderId), `Refill of ${outcome.dispensedMl} ml of ${order.volumeMl} ml paid`, deps, together);
    if (!refunded) return order;
    current = refunded;
  }
  // Why nothing was started, not the refund record's generic message; from the order's state, not from its message,
  // which a caller that read the order while another settled it may hold stale.
  // Closed once: a reader and the stream settling at once keep the first closing (and the time the receipt shows).
  const closed = (await deps.paymentOrders.update(order.orderId, { closedAt: deps.clock.now().toISOString(), dispensedMl: outcome.dispensedMl, charged: outcome.charged, message: closingMessage(order) }))
    ?? (await deps.paymentOrders.get(order.orderId)) ?? current;
  if (closed.kind !== 'guest') throw new Error('guest order changed kind');
  log.info('guest order settled', { orderId: order.orderId, dispensedMl: outcome.dispensedMl, charged: outcome.charged, refunded: closed.refunded ?? 0 });
  return mailReceipt(closed, deps);
}

/**
 * Refunds `amount` of a guest's payment through the gateway under `key` (asking again answers the same refund). The
 * money is first moved from the guest account to the refund's in-flight account (a pending transfer, once by its
 * key): only then is the gateway asked, so a receipt kept or paid out meanwhile can never take the same rupiah (it
 * hands over only what the guest account still holds), and a refund whose money was handed over first is not made.
 * The gateway's refund is then taken from the in-flight account with the order's refund record (takeBackRefunds).
 * When the gateway refuses (past the method's refund window, not refundable) the transfer is voided, the money back in
 * the guest account, and the refusal recorded on the order: a liability to the guest, wallet credit when an account
 * claims the receipt, or paid out by an admin. Null when the gateway could not be reached: the money stays in flight
 * and the next caller tries again with the same key. Null too when the transfer was refused before the order closed
 * (the guest account holds less, or `together`, the session's record of a refund in full, was rejected): a late
 * completion was charged meanwhile, and the next caller refunds only the rest.
 */
async function refundGuest(order: GuestOrder, amount: number, key: string, reason: string, deps: GuestSettlementDeps, together?: TransactionPart): Promise<GuestOrder | null> {
  const log = deps.log ?? consoleLog;
  const refused = order.refundRefused;
  if ((order.refundKeys ?? []).includes(key) || (refused?.keys ?? []).includes(key)) return order;
  const details = { reference: order.orderId, actor: 'system', machineId: order.machineId, machineName: order.machineName };
  try {
    await deps.ledger.transfer({ from: order.userId, to: refundInFlightAccount(key), amount }, `refund-pending:${key}`, { ...details, note: `Refund on its way: ${reason}` }, { together });
  } catch (error) {
    // Before the order closes nothing hands its money over: a late completion was charged meanwhile; settled again with it.
    if (error instanceof TransactionPartRejected || (!order.closedAt && error instanceof DomainError && error.status === 409)) {
      log.info('guest refund: a late completion was charged meanwhile; settled again with it', { orderId: order.orderId, amount, refundKey: key });
      return null;
    }
    if (!(error instanceof DomainError && error.status === 409)) throw error;
    log.warn('guest refund: the guest account no longer holds it (the receipt was kept or paid out first); nothing refunded', { orderId: order.orderId, amount, refundKey: key });
    return order;
  }
  let refund: GatewayRefund;
  try {
    refund = await deps.paymentGateway.refund({ order: { orderId: order.orderId, amount: order.amount, method: order.paymentMethod, createdAt: order.createdAt }, amount, key, reason });
  } catch (error) {
    if (!(error instanceof GatewayRejected)) {
      log.warn('guest refund: gateway unreachable, tried again later', { orderId: order.orderId, amount, error: (error as Error).message });
      return null;
    }
    log.warn('guest refund refused by the gateway: held in the guest account', { orderId: order.orderId, amount, refundKey: key, error: error.message });
    await deps.ledger.transfer({ from: refundInFlightAccount(key), to: order.userId, amount }, `refund-void:${key}`, { ...details, note: `Refund refused by the gateway: ${error.message}` });
    const at = refused?.at ?? deps.clock.now().toISOString();
    const recorded = (await deps.paymentOrders.recordRefusedRefund(order.orderId, { reason: error.message, at, keys: [...(refused?.keys ?? []), key] })) ?? order;
    // Kept in an account meanwhile (read after the money came back): a claim's credit is the keeper's, as one credited after the keeping is.
    if (recorded.claimedBy && key === claimRefundKey(order.orderId)) await moveToAccount(recorded, amount, 'claim-credit', `Claim on a guest refill the gateway could not refund: ${error.message}`, deps);
    return recorded;
  }
  const refunded = (order.refunded ?? 0) + refund.amount;
  const taken = (await takeBackRefunds(order, [refund], refunded >= order.amount ? 'refund' : 'partial_refund', deps)).order;
  return taken.kind === 'guest' ? taken : order;
}

/**
 * What a claim on the refill credited to the guest account goes back to the guest: through the gateway (key
 * `<orderId>-claim`), or, once an account claimed the receipt, to that account's wallet. A credit already set aside
 * for the gateway goes on to the gateway, even when the receipt was kept since: the keeping handed over only what the
 * guest account still held. Idempotent.
 */
export async function payClaimCredit(order: GuestOrder, claim: ClaimRecord, deps: GuestRefundDeps): Promise<GuestOrder> {
  if (claim.status !== 'credited' || claim.creditedIdr <= 0) return order;
  // Refunded already, or refused and held with the rest (handed over with it, or listed for the admin).
  const key = claimRefundKey(order.orderId);
  if ((order.refundKeys ?? []).includes(key) || (order.refundRefused?.keys ?? []).includes(key)) return order;
  if (order.claimedBy && !(await refundSetAside(key, deps))) {
    await moveToAccount(order, claim.creditedIdr, 'claim-credit', `Claim on a guest refill: ${claim.resolution?.reason ?? ''}`, deps);
    return order;
  }
  return (await refundGuest(order, claim.creditedIdr, key, `Claim on the refill: ${claim.resolution?.reason ?? claim.kind}`, deps)) ?? order;
}

/** Whether a refund's money waits in its in-flight account: set aside, the gateway's answer not applied yet. */
const refundSetAside = async (key: string, deps: Pick<GuestDeps, 'users'>) => ((await deps.users.get(refundInFlightAccount(key)))?.balance ?? 0) > 0;

/**
 * Moves rupiah from the guest account to the account that claimed the receipt: one balanced transfer, once by its
 * key. A guest account that no longer holds it handed it over with the rest when the receipt was kept.
 */
async function moveToAccount(order: GuestOrder, amount: number, what: string, note: string, deps: Pick<PaymentDeps, 'ledger' | 'log'>): Promise<void> {
  if (!order.claimedBy || amount <= 0) return;
  const details = { reference: order.orderId, actor: 'system', machineId: order.machineId, machineName: order.machineName, note };
  try {
    await deps.ledger.transfer({ from: order.userId, to: order.claimedBy, amount, toType: 'refund' }, `guest-${what}:${order.orderId}`, details);
  } catch (error) {
    if (!(error instanceof DomainError && error.status === 409)) throw error;
    (deps.log ?? consoleLog).info('guest credit already handed over with the kept receipt', { orderId: order.orderId, amount, what });
  }
}

/** Whether a vend session is a guest order's (the paid-vend session of a GO- order), and that order's id. */
function guestOrderOfSession(sessionId: string): string | null {
  const prefix = paidSessionId('');
  const orderId = sessionId.startsWith(prefix) ? sessionId.slice(prefix.length) : '';
  return orderKind(orderId) === 'guest' ? orderId : null;
}

/** What settling a closed guest order needs: its refill session, the refund (gateway and ledger), the receipt's mailer. */
export type GuestSettlementDeps = Pick<PaymentDeps, 'paymentOrders' | 'paymentGateway' | 'ledger' | 'clock' | 'log' | 'vendSessions' | 'mailer'>;
/** What moving a refund on needs besides: a claim's credit, and the accounts its money waits in. */
export type GuestRefundDeps = GuestSettlementDeps & Pick<GuestDeps, 'claims' | 'users'>;

/**
 * What settling a closed session did: nothing (not a guest order's), closed its order (now or before), waiting (the
 * session expired and its station may still report: the sweep marks its refund due, which settles it from the stream
 * again), or not yet (the gateway could not be reached for the refund, or the refill has not ended): the caller tries again.
 */
export type GuestSessionSettlement = 'not-guest' | 'settled' | 'waiting' | 'unsettled';

/**
 * After a station's report or the sweep closed a session (the table's stream hands it on): settles its guest order,
 * if it is one, and e-mails the receipt.
 */
export async function settleGuestSession(sessionId: string, deps: GuestSettlementDeps): Promise<GuestSessionSettlement> {
  const orderId = guestOrderOfSession(sessionId);
  const order = orderId ? await deps.paymentOrders.get(orderId) : null;
  if (order?.kind !== 'guest') return 'not-guest';
  const settled = order.closedAt ? order : await settleGuestOrder(order, deps);
  if (settled.closedAt) return 'settled';
  return (await deps.vendSessions?.get(sessionId))?.fullRefund === 'waiting' ? 'waiting' : 'unsettled';
}

/** The guest order a refund key of ours belongs to, and what the refund is for (guestRefundKeys). */
function refundOfKey(key: string): { orderId: string; of: 'unused' | 'claim' } | null {
  for (const of of ['unused', 'claim'] as const) {
    const suffix = guestRefundKeys[of]('');
    const orderId = key.endsWith(suffix) ? key.slice(0, -suffix.length) : '';
    if (orderKind(orderId) === 'guest') return { orderId, of };
  }
  return null;
}

/**
 * A guest refund whose money waits in its in-flight account (the table's stream hands the account's write on): the
 * gateway is asked again under the refund's key until the refund is made, or refused (the money back in the guest
 * account), and the order moved on (closed, its receipt e-mailed). Whoever set the money aside asked at once; this is
 * the retry that does not wait for anyone to read the order again. A refund whose answer was lost is found made.
 */
export async function moveGuestRefundOn(refundKey: string, deps: GuestRefundDeps): Promise<GuestSessionSettlement> {
  const refund = refundOfKey(refundKey);
  const order = refund ? await deps.paymentOrders.get(refund.orderId) : null;
  if (!refund || order?.kind !== 'guest') return 'not-guest';
  if (refund.of === 'unused') return (order.closedAt ? order : await settleGuestOrder(order, deps)).closedAt ? 'settled' : 'unsettled';
  const claim = order.sessionId ? await deps.claims.get(order.userId, order.sessionId) : null;
  const after = claim ? await payClaimCredit(order, claim, deps) : order;
  return [...(after.refundKeys ?? []), ...(after.refundRefused?.keys ?? [])].includes(refundKey) ? 'settled' : 'unsettled';
}

// ---------------------------------------------------------------------------------------------------------
// The receipt

/** The receipt e-mail's data, in the language of the request that made the order (docs/architecture.md, "E-mail"). */
function receiptEmailData(order: GuestOrder, language: Language, link: string): ReceiptEmailData {
  const dispensedMl = order.dispensedMl ?? 0;
  const { bottlesSaved, co2Saved } = impactOfLitres(dispensedMl / 1000);
  return {
    machineName: order.machineName, orderId: order.orderId, link,
    dispensedMl, volumeMl: order.volumeMl,
    amountIdr: order.amount, chargedIdr: order.charged ?? 0, refundedIdr: order.refunded ?? 0,
    bottlesSaved, co2SavedKg: co2Saved,
    message: messageOf(order, language) ?? null,
    refundRefusedReason: order.refundRefused?.reason ?? null,
  };
}

/** E-mails the receipt of a closed order once, when the guest gave an address and the caller can send. */
async function mailReceipt(order: GuestOrder, deps: GuestSettlementDeps): Promise<GuestOrder> {
  if (!order.email || order.receiptMailedAt || !order.closedAt || !deps.mailer) return order;
  const at = deps.clock.now().toISOString();
  const linkSecret = randomBytes(32).toString('base64url');
  if (!(await deps.paymentOrders.markReceiptMailed(order.orderId, at, { linkSecretHash: hashOf(linkSecret) }))) return order;
  try {
    const language = order.language ?? 'en';
    const link = deps.mailer.linkTo(`/r/${receiptIdOf(order.orderId, linkSecret)}`);
    await deps.mailer.send({ to: order.email, ...renderEmail(receiptEmail, receiptEmailData(order, language, link), language) });
    return { ...order, receiptMailedAt: at };
  } catch (error) {
    // Not sent: take the mark back, so that the next caller tries again.
    (deps.log ?? consoleLog).warn('guest receipt e-mail not sent', { orderId: order.orderId, error: (error as Error).message });
    await deps.paymentOrders.markReceiptMailed(order.orderId, at, { undo: true });
    return order;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The guest's view

function statusOf(order: GuestOrder, session: VendSession | null, now: Date): GuestOrderView['status'] {
  if (order.closedAt) return 'done';
  if (order.status === 'pending') return 'waiting_payment';
  if (order.status === 'failed' || order.status === 'expired') return 'failed';
  if (!session) return order.sessionStatus ? 'settling' : 'waiting_payment';
  if (session.status !== 'open') return 'settling';
  // The station reports the valve opening (vend/started); one that does not, still open after the start window, is
  // taken to be dispensing (the station accepts start only while the vend token is valid).
  if (session.startedAt) return 'dispensing';
  return now.getTime() < Date.parse(startByOf(session)) ? 'press_start' : 'dispensing';
}

const START_WINDOW_MS = 60_000;
const startByOf = (session: VendSession) => new Date(Date.parse(session.createdAt) + START_WINDOW_MS).toISOString();

/** Rupiah the gateway refused to refund and nobody took yet (a payout empties it): what the guest account holds. */
async function heldFor(order: GuestOrder, deps: Pick<GuestDeps, 'users'>): Promise<number> {
  if (!order.refundRefused || order.claimedBy) return 0;
  return (await deps.users.get(order.userId))?.balance ?? 0;
}

/** Until when the refill may be claimed: 24 h from its close, when it charged something. */
const claimUntilOf = (order: GuestOrder) =>
  order.closedAt && (order.charged ?? 0) > 0 ? new Date(Date.parse(order.closedAt) + CLAIM_WINDOW_HOURS * 3_600_000).toISOString() : null;

async function viewOf(order: GuestOrder, secret: string, deps: Pick<GuestDeps, 'vendSessions' | 'users' | 'clock'>, claim: ClaimRecord | null, language: Language): Promise<GuestOrderView> {
  const [session, heldIdr] = await Promise.all([order.sessionId ? deps.vendSessions.get(order.sessionId) : null, heldFor(order, deps)]);
  const paid = order.status === 'settled' || order.status === 'refunded';
  const dispensedMl = order.dispensedMl ?? (session?.status === 'completed' ? session.dispensedMl ?? 0 : 0);
  const { bottlesSaved, co2Saved } = impactOfLitres(dispensedMl / 1000);
  const status = statusOf(order, session, deps.clock.now());
  return {
    id: order.orderId,
    receiptId: receiptIdOf(order.orderId, secret),
    status,
    stationId: order.machineId,
    stationName: order.machineName,
    volumeMl: order.volumeMl,
    paymentMethod: order.paymentMethod,
    amountIdr: order.amount,
    paidIdr: paid ? order.amount : 0,
    dispensedMl,
    chargedIdr: order.charged ?? (session?.status === 'completed' ? session.charged ?? 0 : 0),
    refundedIdr: order.refunded ?? 0,
    payment: { qrString: order.qrString, qrImageUrl: order.qrImageUrl, deeplink: order.deeplink, redirectUrl: order.redirectUrl ?? null, expiresAt: order.expiresAt },
    startBy: session && status === 'press_start' ? startByOf(session) : null,
    message: messageOf(order, language),
    createdAt: order.createdAt,
    closedAt: order.closedAt ?? null,
    bottlesSaved,
    co2SavedKg: co2Saved,
    refund: order.refundRefused ? 'refused' : (order.refunded ?? 0) > 0 ? 'refunded' : 'none',
    refundRefusedReason: order.refundRefused?.reason ?? null,
    heldIdr,
    claimed: Boolean(order.claimedBy),
    claimUntil: claimUntilOf(order),
    receiptByEmail: Boolean(order.email),
    claim: claim ? { status: claim.status, kind: claim.kind, creditedIdr: claim.creditedIdr, reason: claim.status === 'declined' ? claim.resolution?.reason ?? null : null, ...(claim.contact ? { contact: claim.contact } : {}) } : null,
  };
}
