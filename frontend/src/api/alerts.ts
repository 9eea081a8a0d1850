import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Language } from '@shared/language';
import type { RouteQuery } from '@shared/routes';
import { authedApi } from './auth';

export type AlertFilters = Omit<NonNullable<RouteQuery<'adminListAlerts'>>, 'limit' | 'cursor'>;

/** The admin's alerts; keys start with 'admin' so that signing out forgets them. */
/** Every alert query: what an acknowledgement refreshes. */
export const alertKeys = { all: ['admin', 'alerts'] as const };

export const alertQueries = {
  /** One per page language: the server composes each detail in the language asked (docs/design.md, "Error texts"). */
  list: (filters: AlertFilters, language: Language) =>
    infiniteQueryOptions({
      queryKey: [...alertKeys.all, filters, language] as const,
      queryFn: ({ signal, pageParam }) => authedApi('adminListAlerts', { signal, query: { ...filters, limit: 50, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchOnMount: 'always',
    }),
  /** The first hundred active alerts (open and acknowledged), newest first: what "Today's route" counts per station. */
  firstActive: () =>
    queryOptions({
      queryKey: [...alertKeys.all, 'first-active'] as const,
      queryFn: ({ signal }) => authedApi('adminListAlerts', { signal, query: { status: 'active', limit: 100 } }),
    }),
  /** The header's count, read again every minute: alerts come without anyone asking. */
  counts: () => queryOptions({ queryKey: [...alertKeys.all, 'counts'] as const, queryFn: ({ signal }) => authedApi('adminAlertCounts', { signal }), refetchInterval: 60_000 }),
};

export const acknowledgeAlert = (id: string) => authedApi('adminAcknowledgeAlert', { params: { id } });
