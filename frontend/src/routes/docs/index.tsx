import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';

export const Route = createFileRoute('/docs/')({
  component: () => <ComingSoon title="Documentation" />,
});
