import { queryOptions } from '@tanstack/react-query';
import { PublicApiError, publicApi } from './public-fetch';

/**
 * One station by id (GET /api/machines/{id}, without the typed client and its zod: the sticker's page renders it
 * first): its sticker's page, and the app's map opened on a station that the tiles loaded around the person do not
 * hold. Apart from stations.ts, whose list the public pages load. Under ['machines'], so what refreshes the list
 * refreshes it too.
 */
export const stationQuery = (id: string) => queryOptions({
  queryKey: ['machines', 'one', id],
  queryFn: ({ signal }) => publicApi.getMachine(id, signal),
  // A station that does not exist will not appear on a second try.
  retry: (count, error) => count < 2 && !isNotFound(error),
});

/** The station does not exist (or is not public): a 404 of GET /api/machines/{id}. */
export const isNotFound = (error: unknown) => error instanceof PublicApiError && error.status === 404;
