import { priceOfMillilitres } from '../../shared/money';
import type { z } from 'zod';
import type { VendSessionResponse } from '../../shared/routes';
import type { PurchaseRequest } from '../../shared/schemas';
import type { Machines } from '../ports/machines';
import { GatewayRejected, type PaymentNotification } from '../ports/payment-gateway';
import type { SettingsStore } from '../ports/settings';
import type { PaymentOrder, PurchaseOrder } from '../ports/topups';
import type { Users } from '../ports/users';
import { ensureProfile } from './users';
import { conflict, DomainError, invalid, notFound, unavailable } from './errors';
import { effectiveStatus, fallbackName } from './machines';
import { applyGatewayReport, fingerprintOf, newOrderState, orderIdFor, requireIdempotencyKey, type PaymentDeps } from './payments';
import { DEFAULT_MAX_FILL_ML } from './stations';
import { consoleLog, type Log } from '../ports/log';

/** The signed-in person paying (structurally the HTTP layer's Identity). */
export interface Payer {
  sub: string;
  username: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
}

export type ChargeDeps = PaymentDeps;

/** A retry whose first attempt is younger than this is assumed to be still in flight: it is not charged again. */
const IN_FLIGHT_MS = 15_000;

/**
 * Sends the order's charge to the gateway and records what it answered. A charge the gateway declines
 * outright fails the order; one that may or may not have reached the gateway (timeout, 5xx) leaves the
 * order pending with chargeState 'unknown' and answers 503: a retry with the same Idempotency-Key asks the
 * gateway for the order's status before charging again, so it can never be charged twice.
 */
export async function chargeOrder<T extends PaymentOrder>(
  order: T,
  options: { itemName: string; walletToken?: string; payer: Payer; retry: boolean },
  deps: ChargeDeps,
): Promise<PaymentOrder> {
  const log = deps.log ?? consoleLog;
  if (options.retry) {
    if (order.chargeState === 'charged' || order.status !== 'pending') return order;
    const age = deps.clock.now().getTime() - Date.parse(order.createdAt);
    if (order.chargeState === 'new' && age < IN_FLIGHT_MS) return order;
    const known = await deps.gateway.status({ orderId: order.orderId, amount: order.amount, method: order.paymentMethod, createdAt: order.createdAt }).catch(() => null);
    if (known) {
      await deps.orders.update(order.orderId, { chargeState: 'charged' });
      return (await applyGatewayReport(order, known, deps)).order;
    }
  }

  let result;
  try {
    result = await deps.gateway.charge({
      orderId: order.orderId,
      amount: order.amount,
      method: order.paymentMethod,
      walletToken: options.walletToken,
      customer: { id: options.payer.sub, email: options.payer.email, firstName: options.payer.givenName, lastName: options.payer.familyName },
      itemName: options.itemName,
    });
  } catch (error) {
    if (error instanceof GatewayRejected) {
      log.warn('gateway rejected the charge', { orderId: order.orderId, error: error.message, statusCode: error.statusCode });
      return (await deps.orders.update(order.orderId, { chargeState: 'charged', status: 'failed', message: error.message }, ['pending'])) ?? order;
    }
    if (error instanceof DomainError) throw error;
    log.warn('gateway unreachable during a charge; the order stays pending', { orderId: order.orderId, error: (error as Error).message });
    await deps.orders.update(order.orderId, { chargeState: 'unknown' });
    throw unavailable('The payment gateway could not be reached. Please try again.');
  }

  const recorded = (await deps.orders.update(order.orderId, {
    chargeState: 'charged',
    ...(result.transactionId ? { transactionId: result.transactionId } : {}),
    qrString: result.qrString,
    qrImageUrl: result.qrImageUrl,
    deeplink: result.deeplink,
    expiresAt: result.expiresAt,
  })) ?? order;
  // What the charge call itself answered is as trustworthy as a notification: it came over our authenticated call.
  const report: PaymentNotification = {
    orderId: order.orderId,
    transactionId: result.transactionId,
    outcome: result.outcome,
    gatewayStatus: result.gatewayStatus,
    fraudStatus: null,
    paymentType: null,
    grossAmount: order.amount,
    refundAmount: null,
    refundKey: null,
    refunds: [],
    message: result.message,
  };
  return (await applyGatewayReport(recorded, report, deps)).order;
}

// ---------------------------------------------------------------------------------------------------------
// Direct wallet purchase of a refill (POST /api/purchase)

/**
 * Opens the refill session a paid purchase bought. Provided by the vend domain when it supports sessions
 * paid by the gateway; without it the paid amount stays in the wallet (it was credited there) and the
 * purchase says so.
 */
export type OpenPaidSession = (order: PurchaseOrder) => Promise<{ sessionId: string; status: string } | null>;

export interface PurchaseDeps extends PaymentDeps {
  machines: Machines;
  users: Users;
  settings: SettingsStore;
  openPaidSession?: OpenPaidSession;
}

/** sessionStatus of a paid purchase whose station refused the session (409): the amount stays in the wallet. */
export const STATION_UNAVAILABLE = 'station_unavailable';
/** sessionStatus of a purchase paid after the cutoff (settings): nobody may be at the station any more; the amount stays in the wallet. */
export const PAID_TOO_LATE = 'paid_too_late';

export const PAID_NO_SESSION_MESSAGE = 'Paid. The amount is in your wallet: tap NFC Pay at the station to start your refill.';
export const paidTooLateMessage = (amount: number, minutes: number) =>
  `Your payment of Rp ${thousands(amount)} was confirmed more than ${minutes} minute${minutes === 1 ? '' : 's'} after you paid, so the refill was not started. The amount is in your wallet: tap NFC Pay at the station to refill.`;
const thousands = (n: number) => new Intl.NumberFormat('en-US').format(n);

/**
 * The after-payment step of a purchase: open its vend session once (idempotent on the order id), but only while
 * the payment is fresh: one confirmed after the cutoff (settings, 2 minutes) starts nothing at the station (the
 * customer has likely left) and the amount stays in the wallet, with a message that says so.
 */
export function afterPurchasePaid(deps: Pick<PurchaseDeps, 'orders' | 'openPaidSession' | 'log' | 'settings' | 'clock'>) {
  return async (order: PurchaseOrder): Promise<PurchaseOrder> => {
    // Once decided (a session, or the amount left in the wallet), never again: a late notification must not start a refill.
    if (order.sessionId || order.sessionStatus) return order;
    const log = deps.log ?? consoleLog;
    const { paidVendCutoffSeconds } = await deps.settings.get();
    const age = deps.clock.now().getTime() - Date.parse(order.createdAt);
    if (age > paidVendCutoffSeconds * 1000) {
      log.warn('purchase paid after the cutoff: no refill started, the amount stays in the wallet', { orderId: order.orderId, ageSeconds: Math.round(age / 1000) });
      const patch = { sessionStatus: PAID_TOO_LATE, message: paidTooLateMessage(order.amount, Math.round(paidVendCutoffSeconds / 60)) };
      return ((await deps.orders.update(order.orderId, patch)) as PurchaseOrder | null) ?? { ...order, ...patch };
    }
    // Without an opener (a caller that cannot open sessions, e.g. the payment webhook racing the purchase request)
    // nothing is decided here: the purchase request that paid opens the session once it sees the order settled.
    if (!deps.openPaidSession) return order;
    let opened: { sessionId: string; status: string } | null = null;
    let refused: string | null = null;
    try {
      opened = await deps.openPaidSession(order);
    } catch (error) {
      if (error instanceof DomainError && error.status === 409) refused = error.message;
      log.warn('paid purchase: the vend session could not be opened; the amount stays in the wallet', { orderId: order.orderId, error: (error as Error).message });
    }
    const patch = opened
      ? { sessionId: opened.sessionId, sessionStatus: opened.status, message: null }
      : refused
        ? { sessionStatus: STATION_UNAVAILABLE, message: refused }
        : { sessionStatus: 'credited_to_wallet', message: PAID_NO_SESSION_MESSAGE };
    return ((await deps.orders.update(order.orderId, patch)) as PurchaseOrder | null) ?? { ...order, ...patch };
  };
}

export function toPurchaseResponse(order: PurchaseOrder): z.infer<typeof VendSessionResponse> {
  return {
    sessionId: order.sessionId ?? order.orderId,
    status: order.status === 'settled' ? order.sessionStatus ?? 'paid' : order.status,
    volume: order.volumeMl / 1000,
    amount: order.amount,
  };
}

export async function startPurchase(
  input: { payer: Payer; request: PurchaseRequest; idempotencyKey: string | undefined },
  deps: PurchaseDeps,
): Promise<z.infer<typeof VendSessionResponse>> {
  const { payer, request } = input;
  const now = deps.clock.now();
  const [settings, machine] = await Promise.all([deps.settings.get(), deps.machines.get(request.machineId)]);
  if (!machine) throw notFound('Station not found');
  if (effectiveStatus(machine, now, settings.heartbeatIntervalSeconds) !== 'online') throw conflict('This station is not available right now');
  const volumeMl = Math.round(request.volume * 1000);
  const maxMl = machine.maxFillMl ?? DEFAULT_MAX_FILL_ML;
  if (volumeMl > maxMl) throw invalid(`This station dispenses at most ${maxMl / 1000} L per refill`, { volume: `At most ${maxMl / 1000} L` });
  const amount = priceOfMillilitres(volumeMl, settings.pricePerLitre);
  if (amount < 1) throw invalid('The volume is too small to pay for', { volume: 'Too small' });
  const key = requireIdempotencyKey(input.idempotencyKey);
  await ensureProfile(payer, deps.users, now.toISOString());

  const order: PurchaseOrder = {
    kind: 'purchase',
    orderId: orderIdFor('purchase', payer.sub, key),
    userId: payer.sub,
    amount,
    paymentMethod: request.paymentMethod,
    idempotencyKey: key,
    fingerprint: fingerprintOf(['purchase', machine.id, volumeMl, amount, request.paymentMethod, request.walletToken]),
    ...newOrderState(now.toISOString()),
    machineId: machine.id,
    machineName: machine.name?.trim() || fallbackName(machine.id),
    volumeMl,
    sessionId: null,
    sessionStatus: null,
  };
  const paymentDeps: PaymentDeps = { ...deps, afterPurchasePaid: afterPurchasePaid(deps) };
  const stored = await deps.orders.create(order);
  let current: PaymentOrder;
  if (!stored.created) {
    if (stored.order.kind !== 'purchase' || stored.order.userId !== payer.sub || stored.order.fingerprint !== order.fingerprint) {
      throw conflict('This Idempotency-Key was already used for a different purchase');
    }
    current = await chargeOrder(stored.order, { itemName: `Refill ${request.volume} L`, walletToken: request.walletToken, payer, retry: true }, paymentDeps);
  } else {
    current = await chargeOrder(order, { itemName: `Refill ${request.volume} L`, walletToken: request.walletToken, payer, retry: false }, paymentDeps);
  }
  if (current.kind !== 'purchase') throw new Error('purchase order changed kind');
  // Settled by someone who could not open the session (the webhook), or a replay after a crash: open it now (once per order).
  if (current.status === 'settled' && !current.sessionId && !current.sessionStatus) current = await afterPurchasePaid(deps)(current);
  if (current.status === 'failed' || current.status === 'expired') {
    throw new DomainError(422, current.message ?? 'The payment was declined');
  }
  // Paid and credited, but the station could not take the session (or it was paid too late): 409, and the message says where the money is.
  if (current.status === 'settled' && (current.sessionStatus === STATION_UNAVAILABLE || current.sessionStatus === PAID_TOO_LATE)) {
    throw conflict(current.message ?? PAID_NO_SESSION_MESSAGE);
  }
  return toPurchaseResponse(current);
}

// ---------------------------------------------------------------------------------------------------------
// Apple Pay merchant validation (POST /api/apple-pay/validate-merchant)

/** Apple's merchant validation URLs are all https on apple.com; anything else is refused (no request is made). */
export function checkAppleValidationUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('validationURL must be an https URL on apple.com', { validationURL: 'Not a URL' });
  }
  const host = url.hostname.toLowerCase();
  const onApple = host === 'apple.com' || host.endsWith('.apple.com');
  if (url.protocol !== 'https:' || !onApple || url.port !== '' || url.username || url.password) {
    throw invalid('validationURL must be an https URL on apple.com', { validationURL: 'Must be an https URL on apple.com' });
  }
  return url;
}

/** The domain the merchant session is requested for: a plain host name. */
export function checkDomainName(value: string): string {
  const domain = value.trim().toLowerCase();
  if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(domain)) {
    throw invalid('domainName must be a host name', { domainName: 'Must be a host name' });
  }
  return domain;
}

// ---------------------------------------------------------------------------------------------------------
// Wiring (from the composition root's services, structurally)

export interface WalletServices {
  paymentOrders: PaymentDeps['orders'];
  payments: PaymentDeps['gateway'];
  ledger: PaymentDeps['ledger'];
  clock: PaymentDeps['clock'];
  users: Users;
  settings: SettingsStore;
  machines: Machines;
  log?: Log;
}

/** Everything the wallet's use cases need, with purchases opening their refill session once paid. */
export function walletDeps(services: WalletServices, openPaidSession?: OpenPaidSession): PurchaseDeps {
  const deps: PurchaseDeps = {
    orders: services.paymentOrders,
    gateway: services.payments,
    ledger: services.ledger,
    clock: services.clock,
    users: services.users,
    settings: services.settings,
    machines: services.machines,
    log: services.log,
    openPaidSession,
  };
  deps.afterPurchasePaid = afterPurchasePaid(deps);
  return deps;
}
