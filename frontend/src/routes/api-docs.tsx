import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon';

export const Route = createFileRoute('/api-docs')({
  component: () => <ComingSoon title="API documentation" />,
});
