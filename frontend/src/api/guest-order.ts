import { queryOptions } from '@tanstack/react-query';
import type { Language } from '@shared/language';
import { publicApi } from './public-fetch';
import { splitReceiptId } from './receipt-id';

/**
 * A guest's order as its receipt and progress read it (docs/payments.md, "Guest orders"), without the typed client and
 * its zod: the receipt page renders it first. Starting, keeping and claiming are in guest.ts.
 */

/** Every language's copy of one receipt's order (a prefix of guestOrderQuery's key). */
export const guestOrderKeys = { receipt: (receiptId: string) => ['guest-order', receiptId] as const };

const isNotFound = (error: unknown) => error instanceof Error && error.message.startsWith('404');

/**
 * The order, polled while it moves (about every 1.5 s) and no more once it is done or failed; one per page language,
 * as its message is composed in the language asked (docs/design.md, "Error texts").
 */
export const guestOrderQuery = (receiptId: string, language: Language) => {
  const parts = splitReceiptId(receiptId);
  return queryOptions({
    queryKey: [...guestOrderKeys.receipt(receiptId), language] as const,
    queryFn: ({ signal }) => {
      if (!parts) throw new Error('404: incomplete receipt link');
      return publicApi.getGuestOrder(parts.id, parts.secret, signal);
    },
    retry: (count, error) => count < 3 && !isNotFound(error),
    // No more polling once the order is final, or when there is no such order (a mistyped or forged link).
    refetchInterval: (query) => ((query.state.data && ['done', 'failed'].includes(query.state.data.status)) || isNotFound(query.state.error) ? false : 1500),
  });
};
