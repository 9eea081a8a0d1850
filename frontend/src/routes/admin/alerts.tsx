import { createFileRoute } from '@tanstack/react-router';
import { AlertsPage } from '../../features/admin/alerts/AlertsPage';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { requireAdmin } from '../../route-data';

/** Alerts of the alert rules, with filters and acknowledgement (administrators only). */
export const Route = createFileRoute('/admin/alerts')({
  beforeLoad: requireAdmin,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: AlertsPage,
});
