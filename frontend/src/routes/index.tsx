import { createFileRoute } from '@tanstack/react-router';
import { stationQueries } from '../api/stations';
import { PublicLayout } from '../components/PublicLayout';
import { LandingPage } from '../features/landing/LandingPage';

export const Route = createFileRoute('/')({
  // Start loading the stations while the page's own code is still on its way; never block on it.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(stationQueries.all());
  },
  component: () => (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  ),
});
