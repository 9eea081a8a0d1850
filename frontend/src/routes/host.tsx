import { createFileRoute } from '@tanstack/react-router';
import { AdminCheckFailed, CheckingAuthentication } from '../features/admin/CheckingAuthentication';
import { HostPage } from '../features/host/HostPage';
import { requireHost } from '../route-data';

/** A host's own page (host accounts only; others go to the admin login or their console): its stations' monthly impact, printable. */
export const Route = createFileRoute('/host')({
  beforeLoad: requireHost,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: function Host() {
    return <HostPage host={Route.useRouteContext().admin} />;
  },
});
