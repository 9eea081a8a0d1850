import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../../components/PublicLayout';
import { DocsOverviewPage } from '../../features/docs/DocsOverviewPage';

export const Route = createFileRoute('/docs/')({
  component: () => (
    <PublicLayout>
      <DocsOverviewPage />
    </PublicLayout>
  ),
});
