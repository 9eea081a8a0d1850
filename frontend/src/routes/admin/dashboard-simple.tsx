import { createFileRoute } from '@tanstack/react-router';
import { SimpleDashboard } from '../../features/admin/SimpleAdmin';

/** Simplified admin dashboard: role, stats and the add-machine form (administrators only). */
export const Route = createFileRoute('/admin/dashboard-simple')({
  component: SimpleDashboard,
});
