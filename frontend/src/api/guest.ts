import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@shared/language';
import type { ClaimKind } from '@shared/schemas/claim';
import type { GuestOrderRequest } from '@shared/schemas/guest';
import { api } from './client';
import { guestOrderKeys, guestOrderQuery } from './guest-order';
import { splitReceiptId } from './receipt-id';
import { transactionKeys } from './transactions';
import { userQueries } from './user';

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
function keepGuestReceipt(receiptId: string) {
  const { id, secret } = receiptParts(receiptId);
  return api('claimGuestOrder', { params: { id }, body: { secret } });
}

/** Keeps the receipt: the kept refill is a new row of History and of the wallet's recent transactions, and the person's impact grows. */
export function useKeepGuestReceipt(receiptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => keepGuestReceipt(receiptId),
    onSuccess: () =>
      Promise.all([guestOrderKeys.receipt(receiptId), userQueries.current().queryKey, transactionKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export type GuestClaimBody = { kind: ClaimKind; note?: string; email?: string; whatsapp?: string };

/** "I didn't get my water" from the receipt; answers the order with the claim's state. */
function fileGuestClaim(receiptId: string, body: GuestClaimBody) {
  const { id, secret } = receiptParts(receiptId);
  return api('createGuestClaim', { params: { id }, body: { ...body, secret } });
}

/** Files the guest's claim; the receipt shows the claim's state from the answer at once. */
export function useFileGuestClaim(receiptId: string, language: Language) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuestClaimBody) => fileGuestClaim(receiptId, body),
    onSuccess: (updated) => queryClient.setQueryData(guestOrderQuery(receiptId, language).queryKey, updated),
  });
}
