import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { RouteQuery } from '@shared/routes';
import { authedApi } from './auth';

export type TicketFilters = Omit<NonNullable<RouteQuery<'adminListTickets'>>, 'limit' | 'cursor'>;

/** Maintenance tickets; keys start with 'admin' so that signing out forgets them. */
/** Every ticket query: what a change to a ticket refreshes. */
export const ticketKeys = { all: ['admin', 'tickets'] as const };

export const ticketQueries = {
  list: (filters: TicketFilters) =>
    infiniteQueryOptions({
      queryKey: [...ticketKeys.all, 'list', filters] as const,
      queryFn: ({ signal, pageParam }) => authedApi('adminListTickets', { signal, query: { ...filters, limit: 50, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchOnMount: 'always',
    }),
  /** The first hundred active tickets (open and assigned), newest first: what "Today's route" counts per station. */
  firstActive: () =>
    queryOptions({
      queryKey: [...ticketKeys.all, 'first-active'] as const,
      queryFn: ({ signal }) => authedApi('adminListTickets', { signal, query: { status: 'active', limit: 100 } }),
    }),
  /** A station's open and assigned tickets (a station has at most one per cause). */
  ofStation: (stationId: string) =>
    queryOptions({
      queryKey: [...ticketKeys.all, 'station', stationId] as const,
      queryFn: ({ signal }) => authedApi('adminListTickets', { signal, query: { status: 'active', stationId, limit: 100 } }),
    }),
  one: (id: string) => queryOptions({ queryKey: [...ticketKeys.all, 'one', id] as const, queryFn: ({ signal }) => authedApi('adminGetTicket', { signal, params: { id } }) }),
  /** Who a ticket can be assigned to (the picker); the staff changes rarely. */
  staff: () => queryOptions({ queryKey: ['admin', 'staff'] as const, queryFn: ({ signal }) => authedApi('adminListStaff', { signal }), staleTime: 5 * 60_000 }),
  /** The header's count, read again every minute. */
  counts: () => queryOptions({ queryKey: [...ticketKeys.all, 'counts'] as const, queryFn: ({ signal }) => authedApi('adminTicketCounts', { signal }), refetchInterval: 60_000 }),
};

export const assignTicket = (id: string, assignee: string) => authedApi('adminAssignTicket', { params: { id }, body: { assignee } });
export const commentOnTicket = (id: string, text: string) => authedApi('adminCommentTicket', { params: { id }, body: { text } });
export const closeTicket = (id: string, resolution: string) => authedApi('adminCloseTicket', { params: { id }, body: { resolution } });
