import { lazy, Suspense } from 'react';
import { useStationList } from '../stations/useStationList';
import { Benefits } from './Benefits';
import { NEAR_MAP_CENTRE } from './near';
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
  const stations = useStationList(NEAR_MAP_CENTRE);
  return (
    <>
      <Hero />
      <Benefits />
      <Stats activeStations={stations.fleetOnline} />
      <Suspense>
        <Locations />
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
