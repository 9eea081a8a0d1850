import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';

export const Route = createFileRoute('/admin/dashboard-simple')({
  component: () => <ComingSoon title="Admin dashboard" />,
});
