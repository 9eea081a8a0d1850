import { createFileRoute } from '@tanstack/react-router';
import { BottomNav } from '../../features/app/BottomNav';
import { FindMachines } from '../../features/app/FindMachines';

export const Route = createFileRoute('/app/map')({
  validateSearch: (search: Record<string, unknown>): { machine?: string } =>
    typeof search.machine === 'string' && search.machine ? { machine: search.machine } : {},
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
