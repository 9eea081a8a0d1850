import { createFileRoute } from '@tanstack/react-router';
import { docsQueries } from '../api/docs';
import { PublicLayout } from '../components/PublicLayout';
import { DiagramPage } from '../features/docs/DiagramPage';

export const Route = createFileRoute('/diagram')({
  loader: ({ context }) => context.queryClient.ensureQueryData(docsQueries.openApi()),
  component: () => (
    <PublicLayout>
      <DiagramPage />
    </PublicLayout>
  ),
});
