import { createFileRoute } from '@tanstack/react-router';
import { adminQueries } from '../../api/admin';
import { alertQueries } from '../../api/alerts';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { VisitsPage } from '../../features/admin/visits/VisitsPage';
import { requireAdmin } from '../../route-data';

/** "Today's route": the stations that need a visit (administrators only). */
export const Route = createFileRoute('/admin/visits')({
  beforeLoad: requireAdmin,
  loader: ({ context }) => Promise.all([context.queryClient.ensureQueryData(adminQueries.machines()), context.queryClient.ensureQueryData(alertQueries.firstActive())]),
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: VisitsPage,
});
