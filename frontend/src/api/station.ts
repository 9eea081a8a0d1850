import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, api } from './client';

/**
 * One station by id (GET /api/machines/{id}): its sticker's page, and the app's map opened on a station that the
 * tiles loaded around the person do not hold. Apart from stations.ts, whose list the public pages load without the
 * typed client (and its zod). Under ['machines'], so what refreshes the list refreshes it too.
 */
export const stationQuery = (id: string) => queryOptions({
  queryKey: ['machines', 'one', id],
  queryFn: ({ signal }) => api('getMachine', { signal, params: { id } }),
  // A station that does not exist will not appear on a second try.
  retry: (count, error) => count < 2 && !(error instanceof ApiRequestError && error.status === 404),
});
