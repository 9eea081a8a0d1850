import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/PublicLayout';
import { DiagramPage } from '../features/docs/DiagramPage';

export const Route = createFileRoute('/diagram')({
  component: () => (
    <PublicLayout>
      <DiagramPage />
    </PublicLayout>
  ),
});
