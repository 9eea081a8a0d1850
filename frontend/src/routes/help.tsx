import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/PublicLayout';
import { HelpPage } from '../features/support/HelpPage';

export const Route = createFileRoute('/help')({
  component: () => (
    <PublicLayout>
      <HelpPage />
    </PublicLayout>
  ),
});
