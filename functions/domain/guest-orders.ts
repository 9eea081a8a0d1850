import { createHash, timingSafeEqual } from 'node:crypto';
import { DEFAULT_MAX_FILL_ML } from '@shared/constants';
import { impactOfLitres } from '@shared/impact';
import { formatRupiah, priceOfMillilitres } from '@shared/money';
import { isCardWallet, type GuestOrder as GuestOrderView, type GuestOrderRequest } from '@shared/schemas';
import { consoleLog } from '../ports/log';
import type { Machines } from '../ports/machines';
import { GatewayRejected, type GatewayRefund } from '../ports/payment-gateway';
import type { GuestOrder, PaymentOrder } from '../ports/payment-orders';
import type { RequestQuota } from '../ports/problem-reports';
import type { Users } from '../ports/users';
import type { VendSession } from '../ports/vend-sessions';
import { conflict, DomainError, invalid, notFound, tooManyRequests } from './errors';
import { effectiveStatus, fallbackName } from './machines';
import { refreshFromGateway } from './payment-confirmation';
import { chargeOrder, fingerprintOf, newOrderState, orderIdFor, orderKind, requireIdempotencyKey, type PaymentDeps } from './payment-orders';
import { takeBackRefunds } from './payment-reports';
import { PAID_TOO_LATE, STATION_UNAVAILABLE } from './purchase-paid';
import { paidSessionId } from './vend-paid';

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
}

/** Orders a client address and a station may start per hour. */
const GUEST_LIMITS = { perClientPerHour: 20, perStationPerHour: 120 } as const;
/**
 * A guest payment the gateway confirms later than this after the order was made starts nothing at the station
 * (the person has likely left) and is refunded in full. Longer than a wallet purchase's cutoff: paying a QRIS
 * code from another app takes a while.
 */
const GUEST_PAYMENT_WINDOW_SECONDS = 600;
/** The one refund of what was not dispensed, by the gateway's refund key (`<orderId>-unused`, at most 50 characters). */
export const unusedRefundKey = (orderId: string) => `${orderId}-unused`;
/** A guest order's own ledger account. */
export const guestAccountOf = (orderId: string) => `GUEST-${orderId}`;

// ---------------------------------------------------------------------------------------------------------
// The receipt's secret: derived from the Idempotency-Key (known only to the guest's browser), so the same request
// again answers the same receipt link; only its hash is stored.

export const receiptSecretFor = (idempotencyKey: string) => createHash('sha256').update(`guest-receipt\n${idempotencyKey}`).digest('base64url');
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** `<orderId>~<secret>`: no dot, which the site's rewrite would take for a file extension. */
const receiptIdOf = (orderId: string, secret: string) => `${orderId}~${secret}`;

function secretMatches(order: GuestOrder, secret: string): boolean {
  const given = Buffer.from(hashOf(secret), 'hex');
  const stored = Buffer.from(order.secretHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

// ---------------------------------------------------------------------------------------------------------
// POST /api/guest/orders

export async function createGuestOrder(
  input: { request: GuestOrderRequest; idempotencyKey: string | undefined; client: string },
  deps: GuestDeps,
): Promise<GuestOrderView & { secret: string; receiptPath: string }> {
  const { request } = input;
  const now = deps.clock.now();
  const [settings, machine] = await Promise.all([deps.settings.get(), deps.machines.get(request.stationId)]);
  if (!machine) throw notFound('Station not found');
  if (effectiveStatus(machine, now, settings.heartbeatIntervalSeconds) !== 'online') throw conflict('This station is not available right now');
  const maxMl = machine.maxFillMl ?? DEFAULT_MAX_FILL_ML;
  if (request.volumeMl > maxMl) throw invalid(`This station dispenses at most ${maxMl / 1000} L per refill`, { volumeMl: `At most ${maxMl} ml` });
  if (isCardWallet(request.paymentMethod) && !request.walletToken) throw invalid('A wallet payment token is required', { walletToken: 'Required for Google Pay and Apple Pay' });
  const amount = priceOfMillilitres(request.volumeMl, settings.pricePerLitre);
  const key = requireIdempotencyKey(input.idempotencyKey);
  const orderId = orderIdFor('guest', 'guest', key);
  const secret = receiptSecretFor(key);
  const fingerprint = fingerprintOf(['guest', machine.id, request.volumeMl, amount, request.paymentMethod, request.walletToken, request.email]);

  const existing = await deps.paymentOrders.get(orderId);
  let current: PaymentOrder;
  if (existing) {
    if (existing.kind !== 'guest' || existing.fingerprint !== fingerprint) throw conflict('This Idempotency-Key was already used for a different order');
    current = await chargeOrder(existing, { itemName: itemName(existing.volumeMl), walletToken: request.walletToken, payer: payerOf(existing), retry: true }, deps);
  } else {
    // Only new orders count: a retry of the same request is never refused for the rate.
    const [byClient, byStation] = await Promise.all([
      deps.quota.take(`guest#client#${input.client}`, GUEST_LIMITS.perClientPerHour, 3600, now),
      deps.quota.take(`guest#station#${machine.id}`, GUEST_LIMITS.perStationPerHour, 3600, now),
    ]);
    if (!byClient || !byStation) throw tooManyRequests('Too many orders right now; please try again later');
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
    };
    await deps.users.ensureGuestAccount(order.userId, now.toISOString());
    const stored = await deps.paymentOrders.create(order);
    if (!stored.created && (stored.order.kind !== 'guest' || stored.order.fingerprint !== fingerprint)) throw conflict('This Idempotency-Key was already used for a different order');
    current = await chargeOrder(stored.order, { itemName: itemName(order.volumeMl), walletToken: request.walletToken, payer: payerOf(order), retry: !stored.created }, deps);
  }
  if (current.kind !== 'guest') throw new Error('guest order changed kind');
  // Paid at once (card wallets) and settled by someone who could not open the session: open it now (once per order).
  if (current.status === 'settled' && !current.sessionId && !current.sessionStatus) current = await afterGuestPaid(current, deps);
  if (current.kind !== 'guest') throw new Error('guest order changed kind');
  if (current.status === 'failed' || current.status === 'expired') throw new DomainError(422, current.message ?? 'The payment was declined');
  const view = await viewOf(current, secret, deps);
  return { ...view, secret, receiptPath: `/r/${view.receiptId}` };
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
export async function readGuestOrder(orderId: string, secret: string, deps: GuestDeps): Promise<GuestOrderView> {
  let order = orderKind(orderId) === 'guest' ? await deps.paymentOrders.get(orderId) : null;
  if (!order || order.kind !== 'guest' || !secretMatches(order, secret)) throw notFound('Order not found');
  if (order.status === 'pending') order = await refreshFromGateway(order, deps);
  if (order.kind === 'guest' && order.status === 'settled' && !order.sessionId && !order.sessionStatus) order = await afterGuestPaid(order, deps);
  if (order.kind === 'guest' && !order.closedAt) order = await settleGuestOrder(order, deps);
  if (order.kind !== 'guest') throw new Error('guest order changed kind');
  return viewOf(order, secret, deps);
}

// ---------------------------------------------------------------------------------------------------------
// Paid: start the station, or refund it all

const notStartedMessage = (amount: number) => `The station could not be started, so your payment of ${formatRupiah(amount)} is refunded in full.`;
const paidTooLateMessage = (amount: number) => `Your payment of ${formatRupiah(amount)} was confirmed too late to start the station, so it is refunded in full.`;
/** What a closed order says: why the station was not started, or nothing when it was. */
const closingMessage = (order: GuestOrder) =>
  order.sessionStatus === STATION_UNAVAILABLE ? notStartedMessage(order.amount) : order.sessionStatus === PAID_TOO_LATE ? paidTooLateMessage(order.amount) : null;

/**
 * Once paid (and credited to the order's account): opens the refill session at the station once (the paid-vend
 * path, idempotent on the order id). A payment confirmed after the payment window, or a station that refuses the
 * session, starts nothing: the order is closed and refunded in full.
 */
export async function afterGuestPaid(order: GuestOrder, deps: PaymentDeps): Promise<GuestOrder> {
  if (order.sessionId || order.sessionStatus) return order;
  const log = deps.log ?? consoleLog;
  const age = deps.clock.now().getTime() - Date.parse(order.createdAt);
  let patch: Partial<GuestOrder> | null = null;
  if (age > GUEST_PAYMENT_WINDOW_SECONDS * 1000) {
    log.warn('guest order paid after the payment window: refunded in full', { orderId: order.orderId, ageSeconds: Math.round(age / 1000) });
    patch = { sessionStatus: PAID_TOO_LATE, message: paidTooLateMessage(order.amount) };
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

/** What the refill came to: null while the session is open (or the payment is not settled). */
async function outcomeOf(order: GuestOrder, deps: PaymentDeps): Promise<{ dispensedMl: number; charged: number } | null> {
  if (order.status !== 'settled' && order.status !== 'refunded') return null;
  if (order.sessionStatus === STATION_UNAVAILABLE || order.sessionStatus === PAID_TOO_LATE) return { dispensedMl: 0, charged: 0 };
  if (!order.sessionId || !deps.vendSessions) return null;
  const session = await deps.vendSessions.get(order.sessionId);
  if (!session || session.status === 'open') return null;
  // Completed: what the station reported; expired or failed: nothing (a later report is charged late, docs/payments.md).
  return session.status === 'completed' ? { dispensedMl: session.dispensedMl ?? 0, charged: session.charged ?? 0 } : { dispensedMl: 0, charged: 0 };
}

/**
 * Settles a guest order whose refill ended: refunds what was paid and not charged through the gateway's refund API
 * (one refund, key `<orderId>-unused`; asking again answers the same refund), takes it out of the order's account
 * in one ledger transaction with the order's refund record (the key the gateway's refund notification is matched
 * with, so it is applied once), closes the order and e-mails the receipt once. Safe to call any number of times.
 */
async function settleGuestOrder(order: GuestOrder, deps: PaymentDeps): Promise<GuestOrder> {
  const log = deps.log ?? consoleLog;
  if (order.closedAt) return mailReceipt(order, deps);
  const outcome = await outcomeOf(order, deps);
  if (!outcome) return order;
  const key = unusedRefundKey(order.orderId);
  let current: PaymentOrder = order;
  const due = order.amount - outcome.charged - (order.refunded ?? 0);
  if (due > 0 && !(order.refundKeys ?? []).includes(key)) {
    let refund: GatewayRefund;
    try {
      refund = await deps.paymentGateway.refund({
        order: { orderId: order.orderId, amount: order.amount, method: order.paymentMethod, createdAt: order.createdAt },
        amount: due, key, reason: `Refill of ${outcome.dispensedMl} ml of ${order.volumeMl} ml paid`,
      });
    } catch (error) {
      // Refused (beyond the refund window, not refundable): kept open and logged for an operator; unreachable: tried again later.
      log.warn(error instanceof GatewayRejected ? 'guest refund refused by the gateway' : 'guest refund: gateway unreachable, tried again later', { orderId: order.orderId, due, error: (error as Error).message });
      return order;
    }
    const refunded = (order.refunded ?? 0) + refund.amount;
    current = (await takeBackRefunds(order, [refund], refunded >= order.amount ? 'refund' : 'partial_refund', deps)).order;
  }
  // Why nothing was started, not the refund record's generic message; from the order's state, not from its message,
  // which a caller that read the order while another settled it may hold stale.
  const closed = (await deps.paymentOrders.update(order.orderId, { closedAt: deps.clock.now().toISOString(), dispensedMl: outcome.dispensedMl, charged: outcome.charged, message: closingMessage(order) })) ?? current;
  if (closed.kind !== 'guest') throw new Error('guest order changed kind');
  log.info('guest order settled', { orderId: order.orderId, dispensedMl: outcome.dispensedMl, charged: outcome.charged, refunded: closed.refunded ?? 0 });
  return mailReceipt(closed, deps);
}

/** Whether a vend session is a guest order's (the paid-vend session of a GO- order), and that order's id. */
function guestOrderOfSession(sessionId: string): string | null {
  const prefix = paidSessionId('');
  const orderId = sessionId.startsWith(prefix) ? sessionId.slice(prefix.length) : '';
  return orderKind(orderId) === 'guest' ? orderId : null;
}

/** After a station's report or the sweep closed a session: settles its guest order, if it is one. */
export async function settleGuestSession(sessionId: string, deps: PaymentDeps): Promise<void> {
  const orderId = guestOrderOfSession(sessionId);
  if (!orderId) return;
  const order = await deps.paymentOrders.get(orderId);
  if (order?.kind === 'guest' && !order.closedAt) await settleGuestOrder(order, deps);
}

// ---------------------------------------------------------------------------------------------------------
// The receipt

const litres = (ml: number) => `${(ml / 1000).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} L`;

function receiptEmail(order: GuestOrder) {
  const dispensed = order.dispensedMl ?? 0;
  const { bottlesSaved, co2Saved } = impactOfLitres(dispensed / 1000);
  const lines = [
    `Thank you for refilling at ${order.machineName}.`,
    '',
    `Water: ${litres(dispensed)} of ${litres(order.volumeMl)} paid`,
    `Paid: ${formatRupiah(order.amount)}`,
    `Charged: ${formatRupiah(order.charged ?? 0)}`,
    `Refunded: ${formatRupiah(order.refunded ?? 0)}`,
    `Plastic bottles saved: ${bottlesSaved} (${co2Saved} kg CO2)`,
    '',
    ...(order.message ? [order.message, ''] : []),
    `Receipt number: ${order.orderId}`,
    'Refunds reach your e-wallet or card within a few days, depending on your bank.',
    'Create a free Bali Refill account to keep track of the plastic you save.',
  ];
  return { subject: `Your Bali Refill receipt: ${litres(dispensed)}, refund ${formatRupiah(order.refunded ?? 0)}`, text: lines.join('\n') };
}

/** E-mails the receipt of a closed order once, when the guest gave an address and the caller can send. */
async function mailReceipt(order: GuestOrder, deps: PaymentDeps): Promise<GuestOrder> {
  if (!order.email || order.receiptMailedAt || !order.closedAt || !deps.mailer) return order;
  const at = deps.clock.now().toISOString();
  if (!(await deps.paymentOrders.markReceiptMailed(order.orderId, at))) return order;
  try {
    await deps.mailer.send({ to: order.email, ...receiptEmail(order) });
    return { ...order, receiptMailedAt: at };
  } catch (error) {
    // Not sent: take the mark back, so that the next caller tries again.
    (deps.log ?? consoleLog).warn('guest receipt e-mail not sent', { orderId: order.orderId, error: (error as Error).message });
    await deps.paymentOrders.markReceiptMailed(order.orderId, at, true);
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
  // The station accepts start while the vend token is valid; a session still open after that is dispensing.
  return now.getTime() < Date.parse(startByOf(session)) ? 'press_start' : 'dispensing';
}

const START_WINDOW_MS = 60_000;
const startByOf = (session: VendSession) => new Date(Date.parse(session.createdAt) + START_WINDOW_MS).toISOString();

async function viewOf(order: GuestOrder, secret: string, deps: PaymentDeps): Promise<GuestOrderView> {
  const session = order.sessionId && deps.vendSessions ? await deps.vendSessions.get(order.sessionId) : null;
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
    payment: { qrString: order.qrString, qrImageUrl: order.qrImageUrl, deeplink: order.deeplink, expiresAt: order.expiresAt },
    startBy: session && status === 'press_start' ? startByOf(session) : null,
    message: order.message,
    createdAt: order.createdAt,
    closedAt: order.closedAt ?? null,
    bottlesSaved,
    co2SavedKg: co2Saved,
  };
}
