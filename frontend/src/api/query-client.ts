import { QueryClient } from '@tanstack/react-query';

/** docs/design.md, "Constants": no interval refetch, no refetch on focus, data never stale, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
