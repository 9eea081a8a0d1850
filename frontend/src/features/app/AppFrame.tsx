import { Outlet } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useLanguage } from '../../i18n/language';
import { keepAccountLanguage } from '../auth/session';

/**
 * The frame of every /app screen: a phone-width column. The route's guard (route-data.ts, `requireUser`) lets
 * only signed-in visitors in, so every screen finds the user in the query cache.
 */
export function AppFrame() {
  const language = useLanguage();
  // The account's e-mails follow the language the person uses (a failure only leaves them in the previous one).
  useEffect(() => void keepAccountLanguage(language).catch(() => undefined), [language]);
  return (
    <AppColumn>
      <Outlet />
    </AppColumn>
  );
}

/** The phone-width column of the app's screens, and of the home's prerendered frame (HomeFirstPaint). */
export function AppColumn({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-100/70">
      <div className="relative mx-auto min-h-dvh max-w-md bg-slate-50 pb-28 shadow-[0_0_40px_-20px_rgb(8_51_68/0.35)]">{children}</div>
    </div>
  );
}
