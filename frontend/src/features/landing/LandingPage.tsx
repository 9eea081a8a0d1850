import { lazy, Suspense, useMemo } from 'react';
import { isOnline } from '../stations/status';
import { useStationList } from '../stations/useStationList';
import { Benefits } from './Benefits';
import { Hero } from './Hero';
import { Partners } from './Partners';
import { Stats } from './Stats';
import { TryApp } from './TryApp';
import { PublicLayout } from '../../components/PublicLayout';
import { useDocumentTitle } from '../../components/useDocumentTitle';

// Below the fold, with the map and the station list: its code comes after the page's first render (prerendered HTML
// stays as it is until then; docs/architecture.md, "Router-free first render").
const Locations = lazy(() => import('./Locations').then((m) => ({ default: m.Locations })));

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
      <Suspense>
        <Locations online={online} pending={stations.isPending} failed={stations.isError} />
      </Suspense>
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
