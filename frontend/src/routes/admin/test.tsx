import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';

export const Route = createFileRoute('/admin/test')({
  component: () => <ComingSoon title="Test page" />,
});
