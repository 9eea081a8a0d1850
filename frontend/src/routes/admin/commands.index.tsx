import { createFileRoute } from '@tanstack/react-router';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { CommandsPage } from '../../features/admin/commands/CommandsPage';
import { requireAdmin } from '../../route-data';

/** Remote commands (administrators): the list and the form for a new one. */
export const Route = createFileRoute('/admin/commands/')({
  beforeLoad: requireAdmin,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: CommandsPage,
});
