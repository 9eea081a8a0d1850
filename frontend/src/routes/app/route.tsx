import { createFileRoute } from '@tanstack/react-router';
import { AppFrame } from '../../features/app/AppFrame';
import { LoadingState } from '../../features/app/LoadingState';
import { requireUser } from '../../route-data';

/**
 * Layout of /app and its screens: signed-in only. Signed out, the home page is shown (docs/design.md, "Screens
 * and routes"), with the address asked for as the return path of its sign-in links.
 */
export const Route = createFileRoute('/app')({
  beforeLoad: requireUser,
  pendingComponent: () => <LoadingState className="min-h-dvh" />,
  component: AppFrame,
});
