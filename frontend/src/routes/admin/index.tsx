import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../features/admin/AdminDashboard';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { loadAdmin, requireStationStaff } from '../../route-data';
import { adminSearch } from '../../search';

/** The admin dashboard (administrators; technicians see the stations tab only; others are sent to /admin/login and come back). ?tab= picks the tab. */
export const Route = createFileRoute('/admin/')({
  validateSearch: adminSearch,
  beforeLoad: requireStationStaff,
  loaderDeps: ({ search }) => ({ tab: search.tab, user: search.user }),
  loader: loadAdmin,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: function Admin() {
    return <AdminDashboard admin={Route.useRouteContext().admin} search={Route.useSearch()} />;
  },
});
