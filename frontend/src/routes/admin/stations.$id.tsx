import { createFileRoute } from '@tanstack/react-router';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { StationPage } from '../../features/admin/station/StationPage';
import { requireAdmin } from '../../route-data';

/** A station's history (administrators only): telemetry charts, vends and revenue per day, uptime, events, CSV. */
export const Route = createFileRoute('/admin/stations/$id')({
  beforeLoad: requireAdmin,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: function Station() {
    return <StationPage id={Route.useParams().id} />;
  },
});
