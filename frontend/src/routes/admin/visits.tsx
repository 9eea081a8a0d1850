import { createFileRoute } from '@tanstack/react-router';
import { adminQueries } from '../../api/admin';
import { alertQueries } from '../../api/alerts';
import { ticketQueries } from '../../api/tickets';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { VisitsPage } from '../../features/admin/visits/VisitsPage';
import { requireStationStaff } from '../../route-data';

/** "Today's route": the stations that need a visit (administrators and technicians). */
export const Route = createFileRoute('/admin/visits')({
  beforeLoad: requireStationStaff,
  loader: ({ context }) => Promise.all([context.queryClient.ensureQueryData(adminQueries.machines()), context.queryClient.ensureQueryData(alertQueries.firstActive()), context.queryClient.ensureQueryData(ticketQueries.firstActive())]),
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: VisitsPage,
});
