import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Language } from '@shared/language';
import type { RouteBody } from '@shared/routes';
import { authedApi } from './auth';

/** Remote commands; keys start with 'admin' so that signing out forgets them. */
/** Every command query, and the list's: what creating or aborting a command refreshes. */
export const commandKeys = { all: ['admin', 'commands'] as const, list: ['admin', 'commands', 'list'] as const };

export const commandQueries = {
  list: () =>
    infiniteQueryOptions({
      queryKey: commandKeys.list,
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
      queryKey: [...commandKeys.all, 'one', id, language] as const,
      queryFn: ({ signal }) => authedApi('adminGetCommand', { signal, params: { id } }),
      refetchInterval: (query) => (query.state.data?.status === 'in_progress' ? 1000 : false),
    }),
};

export const createCommand = (body: RouteBody<'adminCreateCommand'>) => authedApi('adminCreateCommand', { body });
export const abortCommand = (id: string) => authedApi('adminAbortCommand', { params: { id } });
