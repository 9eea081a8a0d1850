import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { authedApi } from './auth';

/** The stations the signed-in user starred (GET /api/favourites). Key ['favourites']. */
export const favouriteQueries = {
  mine: () => queryOptions({ queryKey: ['favourites'] as const, queryFn: ({ signal }) => authedApi('listFavourites', { signal }) }),
};

/** Stars or unstars a station; the answer is the whole list, so the cache takes it as it is. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stationId, starred }: { stationId: string; starred: boolean }) =>
      authedApi(starred ? 'addFavourite' : 'removeFavourite', { params: { id: stationId } }),
    onSuccess: (favourites) => queryClient.setQueryData(favouriteQueries.mine().queryKey, favourites),
  });
}
