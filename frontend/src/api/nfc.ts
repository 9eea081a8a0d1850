import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@shared/language';
import type { RouteResponse } from '@shared/routes';
import { authedApi } from './auth';
import { refreshWallet } from './wallet';

/** NFC Pay (docs/design.md, "States"): a one-time code to show a station, and what became of it. */
export type NfcToken = RouteResponse<'generateNfcToken'>;
export type NfcTokenProgress = RouteResponse<'getNfcToken'>;

/**
 * POST /api/nfc/generate-token: a new code (409 below the minimum balance to vend), made ready to show by `show` (its QR
 * image). Its reservation is out of the balance at once: the home behind the dialog says so. Only the latest call's
 * answer shows (a mutation observer follows the last call).
 */
export function useIssueNfcCode<T>(show: (token: NfcToken) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => show(await authedApi('generateNfcToken')),
    onSuccess: () => refreshWallet(queryClient),
  });
}

/** How often the dialog asks what became of the code on screen. */
const FOLLOW_MS = 2000;

export const nfcTokenQueries = {
  /**
   * Key ['nfc', 'token', tokenId, language] (the reason of a code not used is worded in the language asked): asked
   * every 2 s while a station may still present the code or its vend runs; no more once the vend ended, or once an
   * answer after the code's expiry still says nothing was presented. Paused while offline (the query's network mode).
   */
  progress: (token: Pick<NfcToken, 'tokenId' | 'expiresAt'>, language: Language) =>
    queryOptions({
      queryKey: ['nfc', 'token', token.tokenId, language] as const,
      queryFn: ({ signal }) => authedApi('getNfcToken', { params: { id: token.tokenId }, signal }),
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        if (status === 'charged' || status === 'not_used') return false;
        const answeredAt = Math.max(query.state.dataUpdatedAt, query.state.errorUpdatedAt);
        return status !== 'dispensing' && status !== 'checking' && answeredAt >= Date.parse(token.expiresAt) ? false : FOLLOW_MS;
      },
      refetchIntervalInBackground: true,
    }),
};
