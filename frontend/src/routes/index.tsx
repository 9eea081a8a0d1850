import { createFileRoute } from '@tanstack/react-router';
import { stationQueries } from '../api/stations';
import { HomePage } from '../features/landing/LandingPage';
import { homeSearch } from '../search';

/** The landing page once the router is running; a visit that starts here is first rendered without the router (../static-pages.tsx). */
export const Route = createFileRoute('/')({
  // ?redirect=: the app route a signed-out visitor asked for; the hero's sign-in links go on to it.
  validateSearch: homeSearch,
  // Start loading the stations while the page's own code is still on its way; never block on it.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(stationQueries.all());
  },
  component: HomePage,
});
