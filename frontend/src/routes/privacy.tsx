import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/PublicLayout';
import { PrivacyPage } from '../features/support/PrivacyPage';

export const Route = createFileRoute('/privacy')({
  component: () => (
    <PublicLayout>
      <PrivacyPage />
    </PublicLayout>
  ),
});
