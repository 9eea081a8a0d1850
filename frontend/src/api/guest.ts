import { queryOptions } from '@tanstack/react-query';
import type { GuestOrderRequest } from '@shared/schemas';
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

/** The order, polled while it moves (about every 1.5 s) and no more once it is done or failed. */
export const guestOrderQuery = (receiptId: string) => {
  const parts = splitReceiptId(receiptId);
  return queryOptions({
    queryKey: ['guest-order', receiptId],
    queryFn: () => {
      if (!parts) throw new Error('404: incomplete receipt link');
      return api('getGuestOrder', { params: { id: parts.id }, query: { secret: parts.secret } });
    },
    retry: (count, error) => count < 3 && !String((error as Error).message).startsWith('404'),
    refetchInterval: (query) => (query.state.data && ['done', 'failed'].includes(query.state.data.status) ? false : 1500),
  });
};
