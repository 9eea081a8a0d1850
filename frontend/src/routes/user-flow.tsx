import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/PublicLayout';
import { UserFlowPage } from '../features/docs/UserFlowPage';

export const Route = createFileRoute('/user-flow')({
  component: () => (
    <PublicLayout>
      <UserFlowPage />
    </PublicLayout>
  ),
});
