import { createFileRoute } from '@tanstack/react-router';
import { stationQueries } from '../api/stations';
import { PublicLayout } from '../components/PublicLayout';
import { StationsPage } from '../features/stations/StationsPage';

export const Route = createFileRoute('/stations')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(stationQueries.all());
  },
  component: () => (
    <PublicLayout openApp>
      <StationsPage />
    </PublicLayout>
  ),
});
