import { createFileRoute } from '@tanstack/react-router';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { TicketsPage } from '../../features/admin/tickets/TicketsPage';
import { requireStationStaff } from '../../route-data';
import { ticketsSearch } from '../../search';

/** Maintenance tickets (administrators and technicians): ?view= (active, open, mine, closed) and ?station=. */
export const Route = createFileRoute('/admin/tickets/')({
  validateSearch: ticketsSearch,
  beforeLoad: requireStationStaff,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: function Tickets() {
    const search = Route.useSearch();
    return <TicketsPage view={search.view} station={search.station} />;
  },
});
