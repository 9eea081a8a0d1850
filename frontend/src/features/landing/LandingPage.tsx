import { lazy, Suspense, useMemo } from 'react';
import { MAP_DEFAULTS } from '@shared/constants';
import { around } from '../../api/station-tiles';
import { filterStations } from '../stations/filter';
import { useGeolocation } from '../stations/geolocation';
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

/** The stations a tiled list loads here: those around the map's default centre, the busiest part of the island. */
const NEAR_MAP_CENTRE = around(MAP_DEFAULTS);

/** The landing page sections in the order of docs/design.md, "Screens and routes"; the footer comes from the public layout. */
function LandingPage() {
  useDocumentTitle(null);
  // "Stations near you": around the visitor once they gave their position (now or before), else the busiest part.
  const { position, locate } = useGeolocation({ ask: false });
  const wants = useMemo(() => (position ? around(position) : NEAR_MAP_CENTRE), [position]);
  const stations = useStationList(wants);
  const online = useMemo(() => filterStations((stations.machines ?? []).filter(isOnline), { search: '', area: '', origin: position }), [stations.machines, position]);
  return (
    <>
      <Hero />
      <Benefits />
      <Stats activeStations={stations.fleetOnline} />
      <Suspense>
        <Locations online={online} onlineInFleet={stations.fleetOnline ?? 0} pending={stations.isPending} failed={stations.isError} located={position !== null} onLocate={locate} />
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
