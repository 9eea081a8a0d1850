import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { RECENT_TRANSACTIONS } from '@shared/constants';
import type { RouteBody } from '@shared/routes';
import { authedApi } from './auth';

const HISTORY_PAGE_SIZE = 20;

/** The signed-in user's transactions, newest first. Invalidate ['transactions'] after a top-up or a purchase. */
/** Every query of the signed-in user's transactions: what a payment or a claim refreshes. */
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

/** Claims one of the caller's vends ("I didn't get my water"); invalidate ['transactions'] after. */
export const fileClaim = (vendId: string, body: RouteBody<'createClaim'>) => authedApi('createClaim', { params: { id: vendId }, body });
