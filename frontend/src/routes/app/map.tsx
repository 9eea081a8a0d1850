import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';

export const Route = createFileRoute('/app/map')({
  component: () => <ComingSoon title="Find Machines" />,
});
