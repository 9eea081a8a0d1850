import { Navigate, Outlet } from '@tanstack/react-router';
import { useSession } from './session';

/**
 * The frame of every /app screen: a phone-width column. Signed-out visitors are sent to the home page
 * (docs/design.md, "Screens and routes": app routes show the home page when not signed in) with a redirect that replaces the history entry,
 * so the address says what is shown and Back does not bounce. Each screen shows its own loading text
 * while the user loads, and reads the user from the same query.
 */
export function AppFrame() {
  const session = useSession();
  if (session.status === 'signedOut') return <Navigate to="/" replace />;
  return (
    <div className="min-h-dvh bg-slate-100/70">
      <div className="relative mx-auto min-h-dvh max-w-md bg-slate-50 pb-28 shadow-[0_0_40px_-20px_rgb(8_51_68/0.35)]">
        <Outlet />
      </div>
    </div>
  );
}
