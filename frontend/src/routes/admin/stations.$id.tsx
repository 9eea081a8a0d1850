import { createFileRoute } from '@tanstack/react-router';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { StationPage } from '../../features/admin/station/StationPage';
import { requireStationStaff } from '../../route-data';

/** A station's history (administrators and technicians; revenue for administrators only): telemetry charts, vends and revenue per day, uptime, events, CSV. */
export const Route = createFileRoute('/admin/stations/$id')({
  beforeLoad: requireStationStaff,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: function Station() {
    return <StationPage id={Route.useParams().id} />;
  },
});
