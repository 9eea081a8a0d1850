import { MAP_DEFAULTS } from '@shared/constants';
import { around } from '../../api/station-tiles';

/** The stations a tiled list loads on the landing page first: those around the map's default centre, the busiest part of the island. */
export const NEAR_MAP_CENTRE = around(MAP_DEFAULTS);
