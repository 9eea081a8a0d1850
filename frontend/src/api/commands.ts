import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Language } from '@shared/language';
import type { RouteBody } from '@shared/routes';
import { authedApi } from './auth';

/** Remote commands; keys start with 'admin' so that signing out forgets them. */
export const commandQueries = {
  list: () =>
    infiniteQueryOptions({
      queryKey: ['admin', 'commands', 'list'] as const,
      queryFn: ({ signal, pageParam }) => authedApi('adminListCommands', { signal, query: { limit: 25, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchOnMount: 'always',
    }),
  /**
   * One command, read again every second while it is in progress (the stations' progress); one per page language,
   * as the server composes its history's notes in the language asked (docs/design.md, "Error texts").
   */
  one: (id: string, language: Language) =>
    queryOptions({
      queryKey: ['admin', 'commands', 'one', id, language] as const,
      queryFn: ({ signal }) => authedApi('adminGetCommand', { signal, params: { id } }),
      refetchInterval: (query) => (query.state.data?.status === 'in_progress' ? 1000 : false),
    }),
};

export const createCommand = (body: RouteBody<'adminCreateCommand'>) => authedApi('adminCreateCommand', { body });
export const abortCommand = (id: string) => authedApi('adminAbortCommand', { params: { id } });
