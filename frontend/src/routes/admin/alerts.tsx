import { createFileRoute } from '@tanstack/react-router';
import { AlertsPage } from '../../features/admin/alerts/AlertsPage';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { requireStationStaff } from '../../route-data';
import { alertsSearch } from '../../search';

/** Alerts of the alert rules, with filters (?from= and ?to= days) and acknowledgement (administrators and technicians). */
export const Route = createFileRoute('/admin/alerts')({
  validateSearch: alertsSearch,
  beforeLoad: requireStationStaff,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: function Alerts() {
    return <AlertsPage search={Route.useSearch()} />;
  },
});
