import { queryOptions } from '@tanstack/react-query';
import { OPENAPI_DOCUMENT_PATH } from '@shared/constants';
import type { OpenApiDocument } from '@shared/openapi';
import { watchNetwork } from '../features/pwa/online-status';

/** The contract as OpenAPI, a file of the web app's build (OPENAPI_DOCUMENT_PATH): read by the API docs and diagram pages. */
export const docsQueries = {
  openApi: () =>
    queryOptions({
      queryKey: ['openapi'],
      queryFn: async ({ signal }) => {
        const response = await watchNetwork(fetch(OPENAPI_DOCUMENT_PATH, { signal }));
        if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
        return (await response.json()) as OpenApiDocument;
      },
    }),
};
