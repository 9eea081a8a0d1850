import type { Geocoder } from '@functions/fleet/ports/geocoder';
import { jsonBody, matchRestOperation, restJson, restJsonError, type AwsHandler, type AwsRequest, type RestOperation } from './http';

export const LOCATION_OPERATIONS: readonly RestOperation[] = [
  ['POST', '/places/v0/indexes/{IndexName}/search/text', 'SearchPlaceIndexForText'],
  ['POST', '/places/v0/indexes/{IndexName}/search/suggestions', 'SearchPlaceIndexForSuggestions'],
];

/**
 * The local stand-in for Amazon Location Service place search (REST-JSON), answering from a Geocoder (the shipped
 * Bali gazetteer): the indexes a deployment created, text search and suggestions with Location's result shapes.
 */
export class LocalLocation {
  private readonly indexes = new Set<string>();

  constructor(private readonly geocoder: Geocoder) {}

  defineIndex(name: string): void {
    this.indexes.add(name);
  }

  readonly handle: AwsHandler = async (request: AwsRequest) => {
    const match = matchRestOperation(LOCATION_OPERATIONS, request);
    if (!match) return restJsonError('UnknownOperationException', `The local Location service does not implement ${request.method} ${request.path}`, 404);
    const indexName = match.params.IndexName!;
    if (!this.indexes.has(indexName)) return restJsonError('ResourceNotFoundException', `Place index ${indexName} not found`, 404);
    const input = jsonBody<{ Text?: string; MaxResults?: number }>(request);
    if (!input.Text) return restJsonError('ValidationException', 'Text is required', 400);
    const maxResults = Math.min(Math.max(input.MaxResults ?? 50, 1), match.operation === 'SearchPlaceIndexForText' ? 50 : 15);
    const found = await this.geocoder.search(input.Text, { maxResults });
    const summary = { Text: input.Text, MaxResults: maxResults, DataSource: 'Local gazetteer' };
    if (match.operation === 'SearchPlaceIndexForSuggestions') {
      return restJson({ Summary: summary, Results: found.map((r) => ({ Text: r.displayName })) });
    }
    return restJson({
      Summary: summary,
      Results: found.map((r, i) => ({
        Place: { Label: r.displayName, Geometry: { Point: [Number(r.lon), Number(r.lat)] }, Country: 'IDN' },
        Relevance: 1 - i / Math.max(found.length, 1),
      })),
    });
  };
}
