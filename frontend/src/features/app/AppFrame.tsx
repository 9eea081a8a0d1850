import { Outlet } from '@tanstack/react-router';

/**
 * The frame of every /app screen: a phone-width column. The route's guard (route-data.ts, `requireUser`) lets
 * only signed-in visitors in, so every screen finds the user in the query cache.
 */
export function AppFrame() {
  return (
    <div className="min-h-dvh bg-slate-100/70">
      <div className="relative mx-auto min-h-dvh max-w-md bg-slate-50 pb-28 shadow-[0_0_40px_-20px_rgb(8_51_68/0.35)]">
        <Outlet />
      </div>
    </div>
  );
}
