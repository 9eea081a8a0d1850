import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/PublicLayout';
import { ApiDocsPage } from '../features/docs/ApiDocsPage';

export const Route = createFileRoute('/api-docs')({
  component: () => (
    <PublicLayout>
      <ApiDocsPage />
    </PublicLayout>
  ),
});
