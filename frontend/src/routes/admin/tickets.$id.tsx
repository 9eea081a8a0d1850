import { createFileRoute } from '@tanstack/react-router';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { TicketPage } from '../../features/admin/tickets/TicketPage';
import { requireStationStaff } from '../../route-data';

/** One maintenance ticket (administrators and technicians): its sources, comments and history; assign, comment, close. */
export const Route = createFileRoute('/admin/tickets/$id')({
  beforeLoad: requireStationStaff,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: function TicketRoute() {
    return <TicketPage id={Route.useParams().id} />;
  },
});
