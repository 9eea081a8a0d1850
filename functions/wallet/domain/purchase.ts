import { DEFAULT_MAX_FILL_ML } from '@shared/constants';
import { priceOfMillilitres } from '@shared/money';
import type * as z from 'zod/mini';
import type { VendSessionResponse } from '@shared/routes/wallet';
import type { PurchaseRequest } from '@shared/schemas/transaction';
import type { Machines } from '../../stations/ports/machines';
import type { PaymentOrder, PurchaseOrder } from '../ports/payment-orders';
import type { Users } from '../../accounts/ports/users';
import { conflict, DomainError, invalid, notFound } from '../../platform/domain/errors';
import { effectiveStatus, fallbackName, stationPrice } from '../../stations/domain/machines';
import { chargeOrder, fingerprintOf, newOrderState, orderIdFor, requireIdempotencyKey } from './payment-orders';
import type { PaymentDeps } from './payment-deps';
import { afterPurchasePaid, PAID_TOO_LATE, STATION_UNAVAILABLE } from './purchase-paid';
import type { SignedInPerson } from '../../platform/ports/caller-directory';
import { ensureProfile } from '../../accounts/domain/users';
import * as texts from './texts';
import * as stationTexts from '../../stations/domain/texts';
import { storedText } from './stored-texts';

/** Direct wallet purchase of a refill (POST /api/purchase): a payment order for one refill at one station. */

export interface PurchaseDeps extends PaymentDeps {
  machines: Machines;
  users: Users;
}

function toPurchaseResponse(order: PurchaseOrder): z.infer<typeof VendSessionResponse> {
  return {
    sessionId: order.sessionId ?? order.orderId,
    status: order.status === 'settled' ? order.sessionStatus ?? 'paid' : order.status,
    volume: order.volumeMl / 1000,
    amount: order.amount,
  };
}

export async function startPurchase(
  input: { payer: SignedInPerson; request: PurchaseRequest; idempotencyKey: string | undefined },
  deps: PurchaseDeps,
): Promise<z.infer<typeof VendSessionResponse>> {
  const { payer, request } = input;
  const now = deps.clock.now();
  const [settings, machine] = await Promise.all([deps.settings.get(), deps.machines.get(request.machineId)]);
  if (!machine) throw notFound(stationTexts.stationNotFound);
  if (effectiveStatus(machine, now, settings.heartbeatIntervalSeconds) !== 'online') throw conflict(stationTexts.stationNotAvailable);
  const volumeMl = Math.round(request.volume * 1000);
  const maxMl = machine.maxFillMl ?? DEFAULT_MAX_FILL_ML;
  if (volumeMl > maxMl) throw invalid(stationTexts.atMostPerRefill(maxMl / 1000), { volume: `At most ${maxMl / 1000} L` });
  const amount = priceOfMillilitres(volumeMl, stationPrice(machine, settings));
  if (amount < 1) throw invalid(texts.volumeTooSmall, { volume: 'Too small' });
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
  const stored = await deps.paymentOrders.create(order);
  let current: PaymentOrder;
  if (!stored.created) {
    if (stored.order.kind !== 'purchase' || stored.order.userId !== payer.sub || stored.order.fingerprint !== order.fingerprint) {
      throw conflict(texts.keyReusedPurchase);
    }
    current = await chargeOrder(stored.order, { itemName: `Refill ${request.volume} L`, walletToken: request.walletToken, payer, retry: true }, deps);
  } else {
    current = await chargeOrder(order, { itemName: `Refill ${request.volume} L`, walletToken: request.walletToken, payer, retry: false }, deps);
  }
  if (current.kind !== 'purchase') throw new Error('purchase order changed kind');
  // Settled by someone who could not open the session (the webhook), or a replay after a crash: open it now (once per order).
  if (current.status === 'settled' && !current.sessionId && !current.sessionStatus) current = await afterPurchasePaid(current, deps);
  if (current.status === 'failed' || current.status === 'expired') {
    throw new DomainError(422, storedText(current) ?? texts.paymentDeclined);
  }
  // Paid and credited, but the station could not take the session (or it was paid too late): 409, and the message says where the money is.
  if (current.status === 'settled' && (current.sessionStatus === STATION_UNAVAILABLE || current.sessionStatus === PAID_TOO_LATE)) {
    throw conflict(storedText(current) ?? texts.paidNoSession);
  }
  return toPurchaseResponse(current);
}
