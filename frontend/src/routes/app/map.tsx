import { createFileRoute } from '@tanstack/react-router';
import { BottomNav } from '../../features/app/BottomNav';
import { FindMachines } from '../../features/app/FindMachines';
import { LoadingState } from '../../features/app/LoadingState';
import { loadStations } from '../../route-data';
import { appMapSearch } from '../../search';

export const Route = createFileRoute('/app/map')({
  validateSearch: appMapSearch,
  loader: loadStations,
  pendingComponent: () => <LoadingState what="machines" className="min-h-dvh" />,
  component: AppMap,
});

function AppMap() {
  const { machine } = Route.useSearch();
  return (
    <>
      <FindMachines initialMachineId={machine} />
      <BottomNav active="map" />
    </>
  );
}
