import type { AddressResult } from '@shared/schemas/geocoding';

/**
 * Address search for the admin Add Machine form. Locally a gazetteer of Bali places shipped with the
 * project; in AWS an Amazon Location Service place index. Adapters return candidates best first; the
 * domain (domain/geocoding.ts) applies the rules of docs/design.md, "Validation" (3 characters, Bali only, at most 5).
 */
export interface Geocoder {
  search(text: string, options: { maxResults: number }): Promise<AddressResult[]>;
}
