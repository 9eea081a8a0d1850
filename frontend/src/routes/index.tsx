import { createFileRoute } from '@tanstack/react-router';
import { stationQueries } from '../api/stations';
import { HomePage } from '../features/landing/LandingPage';

/** The landing page once the router is running; a visit that starts here is first rendered by ../landing.tsx. */
export const Route = createFileRoute('/')({
  // Start loading the stations while the page's own code is still on its way; never block on it.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(stationQueries.all());
  },
  component: HomePage,
});
