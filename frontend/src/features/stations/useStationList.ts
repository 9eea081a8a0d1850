import { useStationsIn, type StationsIn } from '../../api/stations';
import type { TileWants } from '../../api/station-tiles';
import { useHydrated } from '../../components/useHydrated';

/**
 * The stations on the public pages (useStationsIn). Their prerendered HTML shows them loading; while that HTML is
 * hydrated they are still reported as loading even if they have arrived (useHydrated), and shown in the render right after.
 */
export function useStationList(wants: TileWants): StationsIn {
  const stations = useStationsIn(wants);
  const hydrated = useHydrated();
  return hydrated ? stations : { ...stations, machines: undefined, isPending: true, isLoading: true, isError: false, tiles: null, fleetOnline: null };
}
