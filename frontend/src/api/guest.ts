import type { ClaimKind } from '@shared/schemas/claim';
import type { GuestOrderRequest } from '@shared/schemas/guest';
import { api } from './client';
import { splitReceiptId } from './receipt-id';

/** Guest orders (docs/payments.md, "Guest orders"): one refill paid at the station's page, without an account. */

/** Starts a guest order; the same Idempotency-Key again answers the same order (a retry after a lost answer). */
export const createGuestOrder = (body: GuestOrderRequest, idempotencyKey: string) =>
  api('createGuestOrder', { body, headers: { 'idempotency-key': idempotencyKey } });

function receiptParts(receiptId: string) {
  const parts = splitReceiptId(receiptId);
  if (!parts) throw new Error('404: incomplete receipt link');
  return parts;
}

/** The signed-in account keeps the receipt: its impact, and what the gateway would not refund as wallet credit. */
export function keepGuestReceipt(receiptId: string) {
  const { id, secret } = receiptParts(receiptId);
  return api('claimGuestOrder', { params: { id }, body: { secret } });
}

/** "I didn't get my water" from the receipt; answers the order with the claim's state. */
export function fileGuestClaim(receiptId: string, body: { kind: ClaimKind; note?: string; email?: string; whatsapp?: string }) {
  const { id, secret } = receiptParts(receiptId);
  return api('createGuestClaim', { params: { id }, body: { ...body, secret } });
}
