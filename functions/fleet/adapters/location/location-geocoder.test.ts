import { LocationClient, SearchPlaceIndexForTextCommand } from '@aws-sdk/client-location';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { searchAddresses } from '../../domain/geocoding';
import { BALI_BIAS_POSITION, LocationGeocoder } from './location-geocoder';

const location = mockClient(LocationClient);
afterEach(() => location.reset());

/** A response recorded from a place index (Esri data source) for "Seminyak", trimmed to the fields used. */
const recorded = {
  Summary: { Text: 'Seminyak, Bali', DataSource: 'Esri', FilterCountries: ['IDN'], BiasPosition: BALI_BIAS_POSITION, MaxResults: 15 },
  Results: [
    { Place: { Label: 'Seminyak, Kuta Utara, Badung, Bali, IDN', Geometry: { Point: [115.16272, -8.68856] }, Country: 'IDN', Region: 'Bali' }, Relevance: 1 },
    { Place: { Label: 'Jalan Raya Seminyak, Seminyak, Kuta, Badung, Bali, IDN', Geometry: { Point: [115.168932, -8.692918] }, Country: 'IDN' }, Relevance: 0.98 },
    { Place: { Label: 'Seminyak Square, Jalan Kayu Aya, Seminyak, Bali, IDN', Geometry: { Point: [115.16361, -8.68621] }, Country: 'IDN' }, Relevance: 0.95 },
    { Place: { Label: 'Seminyak Residence, Jakarta Selatan, DKI Jakarta, IDN', Geometry: { Point: [106.8229, -6.2441] }, Country: 'IDN' }, Relevance: 0.7 },
    { Place: { Label: 'No geometry', Geometry: undefined }, Relevance: 0.1 },
  ],
};

describe('Amazon Location Service geocoder', () => {
  it('searches the place index in Indonesia with a Bali bias and maps labels and points', async () => {
    location.on(SearchPlaceIndexForTextCommand).resolves(recorded as never);
    const geocoder = new LocationGeocoder(new LocationClient({ region: 'ap-southeast-3' }), 'refill-places');
    const results = await geocoder.search('Seminyak', { maxResults: 15 });
    const input = location.commandCalls(SearchPlaceIndexForTextCommand)[0]!.args[0].input;
    expect(input).toEqual({
      IndexName: 'refill-places', Text: 'Seminyak, Bali', FilterCountries: ['IDN'], BiasPosition: BALI_BIAS_POSITION, MaxResults: 15, Language: 'en',
    });
    expect(results[0]).toEqual({ displayName: 'Seminyak, Kuta Utara, Badung, Bali, IDN', lat: '-8.688560', lon: '115.162720' });
    expect(results).toHaveLength(4);
  });

  it('does not add Bali twice, and caps MaxResults at the service limit', async () => {
    location.on(SearchPlaceIndexForTextCommand).resolves({ Summary: recorded.Summary, Results: [] } as never);
    await new LocationGeocoder(new LocationClient({ region: 'ap-southeast-3' }), 'idx').search('Sanur Bali', { maxResults: 500 });
    expect(location.commandCalls(SearchPlaceIndexForTextCommand)[0]!.args[0].input).toMatchObject({ Text: 'Sanur Bali', MaxResults: 50 });
  });

  it('through the domain rules, results outside Bali are dropped', async () => {
    location.on(SearchPlaceIndexForTextCommand).resolves(recorded as never);
    const results = await searchAddresses('Seminyak', new LocationGeocoder(new LocationClient({ region: 'ap-southeast-3' }), 'idx'));
    expect(results.map((r) => r.displayName)).not.toContain('Seminyak Residence, Jakarta Selatan, DKI Jakarta, IDN');
    expect(results).toHaveLength(3);
  });

  it('lets service errors through (the route answers an error; the form clears its suggestions)', async () => {
    location.on(SearchPlaceIndexForTextCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    await expect(new LocationGeocoder(new LocationClient({ region: 'ap-southeast-3' }), 'idx').search('Kuta', { maxResults: 5 })).rejects.toThrow('Rate exceeded');
  });
});
