import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/PublicLayout';
import { AboutPage } from '../features/about/AboutPage';

export const Route = createFileRoute('/about')({
  component: () => (
    <PublicLayout>
      <AboutPage />
    </PublicLayout>
  ),
});
