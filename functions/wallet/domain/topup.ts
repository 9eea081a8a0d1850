import { formatRupiah } from '@shared/money';
import type * as z from 'zod/mini';
import type { Language } from '@shared/language';
import type { TopupStatus } from '@shared/routes/wallet';
import { isCardWallet, minimumTopupMessage, type PaymentMethod } from '@shared/schemas/transaction';
import { type Settings } from '@shared/schemas/settings';
import type { PaymentOrder, TopupOrder } from '../ports/payment-orders';
import type { Users } from '../../accounts/ports/users';
import { conflict, invalid, notFound } from '../../platform/domain/errors';
import { chargeOrder, fingerprintOf, newOrderState, orderIdFor, requireIdempotencyKey } from './payment-orders';
import type { PaymentDeps } from './payment-deps';
import { refreshFromGateway } from './payment-confirmation';
import type { SignedInPerson } from '../../platform/ports/caller-directory';
import { ensureProfile } from '../../accounts/domain/users';
import * as texts from './texts';
import { storedMessageIn } from './stored-texts';

/** The spec's minimum top-up text (as written, English grouping) and its Indonesian. */
const minimumTopup = (minimum: number) => ({ en: minimumTopupMessage(minimum), id: `Jumlah isi saldo minimal ${formatRupiah(minimum)}` });

/**
 * Wallet top-ups (POST /api/wallet/topup, GET /api/wallet/topup/{id}). A top-up is a payment order that
 * credits the wallet once, when the gateway says it settled.
 */

/** The minimum of the settings (the schema, TopupRequest, already holds the amount to whole rupiah and the maximum). */
export function checkTopupAmount(amount: number, settings: Pick<Settings, 'minTopup'>): void {
  if (amount < settings.minTopup) throw invalid(minimumTopup(settings.minTopup), { amount: minimumTopupMessage(settings.minTopup) });
}

export interface TopupInput {
  payer: SignedInPerson;
  amount: number;
  paymentMethod: PaymentMethod;
  walletToken?: string;
  idempotencyKey: string | undefined;
  /** The caller's language, for the answer's message (English without one). */
  language?: Language;
}

export interface TopupDeps extends PaymentDeps {
  users: Users;
}

/** What the browser sees of a top-up: the QR, the deeplink and the card's hosted page only while it is pending. */
function toTopupStatus(order: PaymentOrder, language: Language): z.infer<typeof TopupStatus> {
  return {
    id: order.orderId,
    status: order.status,
    amount: order.amount,
    paymentMethod: order.paymentMethod,
    qrString: order.status === 'pending' ? order.qrString : null,
    qrImageUrl: order.status === 'pending' ? order.qrImageUrl : null,
    deeplink: order.status === 'pending' ? order.deeplink : null,
    redirectUrl: order.status === 'pending' ? order.redirectUrl ?? null : null,
    message: storedMessageIn(order, language),
    createdAt: order.createdAt,
    expiresAt: order.expiresAt,
  };
}

export async function startTopup(input: TopupInput, deps: TopupDeps) {
  const settings = await deps.settings.get();
  // The amount first: below the minimum nothing is stored and nothing is sent to the gateway.
  checkTopupAmount(input.amount, settings);
  if (isCardWallet(input.paymentMethod) && !input.walletToken) {
    throw invalid(texts.walletTokenRequiredTopup, { walletToken: 'Required for Google Pay and Apple Pay' });
  }
  const key = requireIdempotencyKey(input.idempotencyKey);
  const now = deps.clock.now().toISOString();
  await ensureProfile(input.payer, deps.users, now);

  const order: TopupOrder = {
    kind: 'topup',
    orderId: orderIdFor('topup', input.payer.sub, key),
    userId: input.payer.sub,
    amount: input.amount,
    paymentMethod: input.paymentMethod,
    idempotencyKey: key,
    fingerprint: fingerprintOf(['topup', input.amount, input.paymentMethod, input.walletToken ?? null]),
    ...newOrderState(now),
  };
  const stored = await deps.paymentOrders.create(order);
  if (!stored.created) {
    const existing = stored.order;
    if (existing.kind !== 'topup' || existing.userId !== order.userId || existing.fingerprint !== order.fingerprint) {
      throw conflict(texts.keyReusedTopup);
    }
    // A retry of the same request: answer with the first top-up (charging again only if its charge never got through).
    const retried = await chargeOrder(existing, { itemName: 'Wallet top-up', walletToken: input.walletToken, payer: input.payer, language: input.language, retry: true }, deps);
    return toTopupStatus(retried, input.language ?? 'en');
  }
  const charged = await chargeOrder(order, { itemName: 'Wallet top-up', walletToken: input.walletToken, payer: input.payer, language: input.language, retry: false }, deps);
  return toTopupStatus(charged, input.language ?? 'en');
}

/** GET /api/wallet/topup/{id}: only the owner may read it (anyone else gets the same 404 as for no such top-up). */
export async function readTopup(userId: string, orderId: string, deps: PaymentDeps, language: Language = 'en') {
  const order = await deps.paymentOrders.get(orderId);
  if (!order || order.kind !== 'topup' || order.userId !== userId) throw notFound(texts.topupNotFound);
  return toTopupStatus(await refreshFromGateway(order, deps), language);
}
