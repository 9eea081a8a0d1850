import { LocationClient, SearchPlaceIndexForTextCommand } from '@aws-sdk/client-location';
import { MAP_DEFAULTS } from '@shared/constants';
import type { AddressResult } from '@shared/schemas/geocoding';
import type { Geocoder } from '../../ports/geocoder';

/** Southern Bali, where the stations are: results near it rank first. [longitude, latitude] as Location expects. */
export const BALI_BIAS_POSITION = [MAP_DEFAULTS.longitude, MAP_DEFAULTS.latitude];
/** SearchPlaceIndexForText accepts at most 50 results. */
const MAX_RESULTS = 50;

/**
 * The AWS Geocoder: an Amazon Location Service place index (CDK: infra/constructs/api.ts), searched in
 * Indonesia with a bias towards southern Bali. The query gets 'Bali' appended as the public search it replaces did
 * (docs/design.md, "API calls"), unless it already says so.
 */
export class LocationGeocoder implements Geocoder {
  constructor(
    private readonly client: LocationClient,
    private readonly indexName: string,
  ) {}

  async search(text: string, options: { maxResults: number }): Promise<AddressResult[]> {
    const query = /\bbali\b/i.test(text) ? text : `${text}, Bali`;
    const { Results = [] } = await this.client.send(new SearchPlaceIndexForTextCommand({
      IndexName: this.indexName,
      Text: query,
      FilterCountries: ['IDN'],
      BiasPosition: BALI_BIAS_POSITION,
      MaxResults: Math.min(Math.max(options.maxResults, 1), MAX_RESULTS),
      Language: 'en',
    }));
    const results: AddressResult[] = [];
    for (const { Place } of Results) {
      const point = Place?.Geometry?.Point;
      if (!Place?.Label || !point || point.length < 2) continue;
      const [lon, lat] = point as [number, number];
      results.push({ displayName: Place.Label, lat: lat.toFixed(6), lon: lon.toFixed(6) });
    }
    return results;
  }
}

export function createLocationGeocoder(indexName: string, region?: string): LocationGeocoder {
  return new LocationGeocoder(new LocationClient({ region }), indexName);
}
