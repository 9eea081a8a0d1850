import { createFileRoute } from '@tanstack/react-router';
import { AlertsPage } from '../../features/admin/alerts/AlertsPage';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { requireStationStaff } from '../../route-data';

/** Alerts of the alert rules, with filters and acknowledgement (administrators and technicians). */
export const Route = createFileRoute('/admin/alerts')({
  beforeLoad: requireStationStaff,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: AlertsPage,
});
