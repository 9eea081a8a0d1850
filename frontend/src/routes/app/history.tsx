import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';

export const Route = createFileRoute('/app/history')({
  component: () => <ComingSoon title="Transaction History" />,
});
