import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';

export const Route = createFileRoute('/app/profile')({
  component: () => <ComingSoon title="Profile" />,
});
