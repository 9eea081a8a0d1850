import { createFileRoute } from '@tanstack/react-router';
import { StationPage } from '../../features/admin/station/StationPage';

/** A station's history (administrators only): telemetry charts, vends and revenue per day, uptime, events, CSV. */
export const Route = createFileRoute('/admin/stations/$id')({
  component: function Station() {
    return <StationPage id={Route.useParams().id} />;
  },
});
