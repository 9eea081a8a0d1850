import { GazetteerGeocoder } from '../adapters/gazetteer/gazetteer-geocoder';
import { createLocationGeocoder } from '../adapters/location/location-geocoder';
import { awsRegion, optionalSetting } from '../../platform/environment';
import type { Geocoder } from '../ports/geocoder';
import { provider } from '../../platform/providers/provider';

/** Amazon Location place index when PLACE_INDEX_NAME is set, else the shipped Bali gazetteer. */
export const geocoder = /* @__PURE__ */ provider<Geocoder>(() => {
  const index = optionalSetting('PLACE_INDEX_NAME');
  return index ? createLocationGeocoder(index, awsRegion()) : new GazetteerGeocoder();
});
