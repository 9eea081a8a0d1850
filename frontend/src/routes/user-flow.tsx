import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon';

export const Route = createFileRoute('/user-flow')({
  component: () => <ComingSoon title="User flow" />,
});
