import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../features/admin/AdminDashboard';
import { validateAdminSearch } from '../../features/admin/search';

/** The admin dashboard (administrators only; others are sent to /admin/login). ?tab= picks the tab. */
export const Route = createFileRoute('/admin/')({
  validateSearch: validateAdminSearch,
  component: function Admin() {
    return <AdminDashboard search={Route.useSearch()} />;
  },
});
