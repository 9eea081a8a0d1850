import { useQuery } from '@tanstack/react-query';
import { stationQueries } from '../../api/stations';
import { useHydrated } from '../../components/useHydrated';

/**
 * The station list on the public pages. Their prerendered HTML shows it loading; while that HTML is hydrated the list
 * is still reported as loading even if it has arrived (useHydrated), and shown in the render right after.
 */
export function useStationList() {
  const stations = useQuery(stationQueries.all());
  const hydrated = useHydrated();
  return {
    data: hydrated ? stations.data : undefined,
    isPending: !hydrated || stations.isPending,
    isError: hydrated && stations.isError,
    refetch: stations.refetch,
  };
}
