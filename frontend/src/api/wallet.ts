import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Language } from '@shared/language';
import type { PayoutDestination } from '@shared/schemas/withdrawal';
import type { RouteBody, RouteResponse } from '@shared/routes';
import { authedApi } from './auth';
import { ApiRequestError, api } from './client';
import { userQueries } from './user';
import { transactionKeys } from './transactions';

export type TopupStatus = RouteResponse<'topup'>;
export type TopupBody = RouteBody<'topup'>;

/** A fresh Idempotency-Key for one payment attempt; resending it retries the same payment, never a second one. */
export const newIdempotencyKey = () => crypto.randomUUID();

/** POST /api/wallet/topup: starts a top-up; the answer is usually pending (follow it with topupQueries.status). */
export const startTopup = (body: TopupBody, idempotencyKey: string) =>
  authedApi('topup', { body, headers: { 'idempotency-key': idempotencyKey } });

/** POST /api/apple-pay/validate-merchant: the merchant session Safari needs before it shows the Apple Pay sheet (signed in or a guest). */
export const validateAppleMerchant = (validationURL: string, domainName: string) =>
  api('validateAppleMerchant', { body: { validationURL, domainName } });

/** How often the browser asks for a pending top-up's status (the sandbox settles within a second). */
const TOPUP_POLL_MS = 1000;

export const topupQueries = {
  /**
   * Key ['wallet', 'topup', id, language]: polled every second while pending, then left alone; one per page language,
   * as its message is in the language asked (docs/design.md, "Error texts").
   */
  status: (id: string, language: Language) =>
    queryOptions({
      queryKey: ['wallet', 'topup', id, language] as const,
      queryFn: ({ signal }) => authedApi('getTopup', { params: { id }, signal }),
      refetchInterval: (query) => (query.state.data && query.state.data.status !== 'pending' ? false : TOPUP_POLL_MS),
      refetchIntervalInBackground: true,
      retry: false,
    }),
};

/** After money moved: the balance (user) and the history (transactions) are read again. */
export async function refreshWallet(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userQueries.current().queryKey }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  ]);
}

/** The server's own message when it sent one (docs/design.md, "Error texts": toasts show it), else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? fallback;
  return fallback;
}

export type WithdrawalPlan = RouteResponse<'getWithdrawalPlan'>;
export type Withdrawal = RouteResponse<'createWithdrawal'>;

export const withdrawalQueries = {
  /** Key ['wallet', 'withdrawal-plan']: read when the confirmation opens, never cached across openings. */
  plan: () =>
    queryOptions({
      queryKey: ['wallet', 'withdrawal-plan'] as const,
      queryFn: ({ signal }) => authedApi('getWithdrawalPlan', { signal }),
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
};

/**
 * POST /api/wallet/withdrawals: withdraws the balance the user saw; the same key again answers the same withdrawal
 * (one key per opening of the sheet, kept across retries). The wallet is read again however it ended.
 */
export function useWithdrawal(idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ balance, to }: { balance: number; to?: PayoutDestination }) =>
      authedApi('createWithdrawal', { body: { expectedBalance: balance, payoutDestination: to }, headers: { 'idempotency-key': idempotencyKey } }),
    onSettled: () => refreshWallet(queryClient),
  });
}
