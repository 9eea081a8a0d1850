import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { RECENT_TRANSACTIONS } from '@shared/constants';
import type { RouteBody } from '@shared/routes';
import { authedApi } from './auth';

const HISTORY_PAGE_SIZE = 20;

/** Every query of the signed-in user's transactions (newest first): what a payment or a claim refreshes. */
export const transactionKeys = { all: ['transactions'] as const };

export const transactionQueries = {
  /** The first few, for the home screen. */
  recent: (limit: number = RECENT_TRANSACTIONS) =>
    queryOptions({
      queryKey: [...transactionKeys.all, 'recent', limit] as const,
      queryFn: ({ signal }) => authedApi('listTransactions', { query: { limit }, signal }),
    }),
  /** All of them, a page at a time ('Load more'). */
  history: (pageSize: number = HISTORY_PAGE_SIZE) =>
    infiniteQueryOptions({
      queryKey: [...transactionKeys.all, 'history', pageSize] as const,
      queryFn: ({ pageParam, signal }) => authedApi('listTransactions', { query: { limit: pageSize, cursor: pageParam }, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
};

/** Claims one of the caller's vends ("I didn't get my water"); the transactions show the claim once it is filed. */
export function useFileClaim(vendId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'createClaim'>) => authedApi('createClaim', { params: { id: vendId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
