import { queryOptions } from '@tanstack/react-query';
import type { Language } from '@shared/language';
import type { ClaimKind, GuestOrderRequest } from '@shared/schemas';
import { api } from './client';

/** Guest orders (docs/payments.md, "Guest orders"): one refill paid at the station's page, without an account. */

/** Starts a guest order; the same Idempotency-Key again answers the same order (a retry after a lost answer). */
export const createGuestOrder = (body: GuestOrderRequest, idempotencyKey: string) =>
  api('createGuestOrder', { body, headers: { 'idempotency-key': idempotencyKey } });

/** `/r/{receiptId}`: the order id and the receipt's secret, joined by a tilde. */
function splitReceiptId(receiptId: string): { id: string; secret: string } | null {
  const at = receiptId.lastIndexOf('~');
  if (at <= 0 || at === receiptId.length - 1) return null;
  return { id: receiptId.slice(0, at), secret: receiptId.slice(at + 1) };
}

/**
 * The order, polled while it moves (about every 1.5 s) and no more once it is done or failed; one per page language,
 * as its message is composed in the language asked (docs/design.md, "Error texts").
 */
export const guestOrderQuery = (receiptId: string, language: Language) => {
  const parts = splitReceiptId(receiptId);
  return queryOptions({
    queryKey: ['guest-order', receiptId, language],
    queryFn: () => {
      if (!parts) throw new Error('404: incomplete receipt link');
      return api('getGuestOrder', { params: { id: parts.id }, query: { secret: parts.secret } });
    },
    retry: (count, error) => count < 3 && !String((error as Error).message).startsWith('404'),
    refetchInterval: (query) => (query.state.data && ['done', 'failed'].includes(query.state.data.status) ? false : 1500),
  });
};

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
export function fileGuestClaim(receiptId: string, body: { kind: ClaimKind; note?: string }) {
  const { id, secret } = receiptParts(receiptId);
  return api('createGuestClaim', { params: { id }, body: { ...body, secret } });
}
