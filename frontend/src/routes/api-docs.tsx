import { createFileRoute } from '@tanstack/react-router';
import { docsQueries } from '../api/docs';
import { PublicLayout } from '../components/PublicLayout';
import { ApiDocsPage } from '../features/docs/ApiDocsPage';

export const Route = createFileRoute('/api-docs')({
  loader: ({ context }) => context.queryClient.ensureQueryData(docsQueries.openApi()),
  component: () => (
    <PublicLayout>
      <ApiDocsPage />
    </PublicLayout>
  ),
});
