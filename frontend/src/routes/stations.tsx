import { createFileRoute } from '@tanstack/react-router';
import { stationQueries } from '../api/stations';
import { PublicLayout } from '../components/PublicLayout';
import { finderSearch } from '../features/stations/finder-search';
import { StationsPage } from '../features/stations/StationsPage';

export const Route = createFileRoute('/stations')({
  // ?area=, ?type=, ?q=, ?near=, ?report=: what the public menus open the finder with.
  validateSearch: finderSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(stationQueries.all());
  },
  component: function StationsRoute() {
    // The page reads them as it starts: another link of the menus starts it again.
    const key = JSON.stringify(Route.useSearch());
    return (
      <PublicLayout openApp>
        <StationsPage key={key} />
      </PublicLayout>
    );
  },
});
