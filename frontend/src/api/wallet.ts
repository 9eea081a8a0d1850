import { queryOptions, useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Language } from '@shared/language';
import type { PayoutDestination } from '@shared/schemas/withdrawal';
import type { TopupPaymentMethod } from '@shared/schemas/transaction';
import { isCardWallet } from '@shared/schemas/transaction';
import type { RouteBody, RouteResponse } from '@shared/routes';
import { authedApi } from './auth';
import { ApiRequestError, api } from './client';
import { userQueries } from './user';
import { transactionKeys } from './transactions';
import { MerchantValidationFailed, payWithWallet, WalletCancelled, WalletUnavailable } from '../features/wallet/payment-request';

export type TopupStatus = RouteResponse<'topup'>;
export type TopupBody = RouteBody<'topup'>;

/** A fresh Idempotency-Key for one payment attempt; resending it retries the same payment, never a second one. */
export const newIdempotencyKey = () => crypto.randomUUID();

/** POST /api/wallet/topup: starts a top-up; the answer is usually pending (follow it with topupQueries.status). */
const startTopup = (body: TopupBody, idempotencyKey: string) =>
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

/** The browser's payment sheet (Google Pay, Apple Pay) failed before anything was sent to the server. */
export class CardWalletFailed extends Error {}

/** What a top-up is started with: the amount (at least the minimum, checked before) and the method. */
export interface TopUpRequest {
  amount: number;
  method: TopupPaymentMethod;
}

/**
 * Starts a top-up as a mutation: for a card wallet the browser's payment sheet first (labelled `texts.sheetLabel`;
 * cancelled, unavailable or a refused merchant throw their own errors, anything else CardWalletFailed), then
 * POST /api/wallet/topup, whose answer the sheet is told. The screen follows the answer (useTopUp).
 */
export const useStartTopUp = (
  texts: { sheetLabel: string; cardWalletFailed: string },
  reactions: Pick<UseMutationOptions<TopupStatus, Error, TopUpRequest>, 'onSuccess' | 'onError'>,
) =>
  useMutation({
    mutationFn: async ({ amount, method }: TopUpRequest) => {
      let walletPayment: Awaited<ReturnType<typeof payWithWallet>> | null = null;
      if (isCardWallet(method)) {
        try {
          walletPayment = await payWithWallet(method, {
            amount,
            label: texts.sheetLabel,
            validateMerchant: (url) => validateAppleMerchant(url, window.location.hostname),
          });
        } catch (error) {
          if (error instanceof WalletCancelled || error instanceof WalletUnavailable || error instanceof MerchantValidationFailed) throw error;
          throw new CardWalletFailed((error as Error).message || texts.cardWalletFailed);
        }
      }
      try {
        const status = await startTopup({ amount, paymentMethod: method, ...(walletPayment ? { walletToken: walletPayment.token } : {}) }, newIdempotencyKey());
        await walletPayment?.complete(status.status === 'failed' ? 'fail' : 'success');
        return status;
      } catch (error) {
        await walletPayment?.complete('fail');
        throw error;
      }
    },
    ...reactions,
  });

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
