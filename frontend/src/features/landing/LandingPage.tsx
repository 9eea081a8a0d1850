import { useMemo } from 'react';
import { isOnline } from '../stations/status';
import { useStationList } from '../stations/useStationList';
import { Benefits } from './Benefits';
import { Hero } from './Hero';
import { Locations } from './Locations';
import { Partners } from './Partners';
import { Stats } from './Stats';
import { TryApp } from './TryApp';
import { PublicLayout } from '../../components/PublicLayout';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** The landing page sections in the order of docs/design.md, "Screens and routes"; the footer comes from the public layout. */
function LandingPage() {
  useDocumentTitle(null);
  const stations = useStationList();
  const online = useMemo(() => (stations.data ?? []).filter(isOnline), [stations.data]);
  return (
    <>
      <Hero />
      <Benefits />
      <Stats activeStations={stations.data ? online.length : null} />
      <Locations online={online} pending={stations.isPending} failed={stations.isError} />
      <TryApp />
      <Partners />
    </>
  );
}

/** The page at `/`: the sections inside the public header and footer. */
export function HomePage() {
  return (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  );
}
