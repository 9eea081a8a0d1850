import type { LatLng } from '@shared/geo';
import type { Bounds } from '@shared/station-tiles';

/**
 * The box a map of `width` by `height` pixels shows around `center` at `zoom`, as MapLibre draws it (Web Mercator,
 * 512-pixel tiles): what the finder loads before the map's library has arrived (it loads lazily) and can say.
 */
export function viewAround(center: LatLng, zoom: number, width: number, height: number): Bounds {
  const pixelsPerDegree = (512 * 2 ** zoom) / 360;
  const halfWidth = width / 2 / pixelsPerDegree;
  // Mercator stretches a degree of latitude by 1 / cos(latitude) against one of longitude.
  const halfHeight = (height / 2 / pixelsPerDegree) * Math.cos((center.latitude * Math.PI) / 180);
  return { south: center.latitude - halfHeight, north: center.latitude + halfHeight, west: center.longitude - halfWidth, east: center.longitude + halfWidth };
}
