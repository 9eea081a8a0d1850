import { createFileRoute } from '@tanstack/react-router';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { CommandPage } from '../../features/admin/commands/CommandPage';
import { requireAdmin } from '../../route-data';

/** One remote command (administrators): each station's status and progress, its history, Abort. */
export const Route = createFileRoute('/admin/commands/$id')({
  beforeLoad: requireAdmin,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: function CommandRoute() {
    return <CommandPage id={Route.useParams().id} />;
  },
});
