import { searchAddresses } from '../../fleet/domain/geocoding';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { geocoder } from '../../fleet/providers/geocoder';

/** Address autocomplete (Add Machine): the configured Geocoder, Bali only, at most 5 results. */
export const handler = routeHandler(contract.geocode, async ({ query }) => searchAddresses(query.q, geocoder()));
