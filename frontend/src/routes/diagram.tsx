import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon';

export const Route = createFileRoute('/diagram')({
  component: () => <ComingSoon title="IoT system architecture" />,
});
