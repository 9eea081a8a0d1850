import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import { adminLogin } from '../../i18n/admin-login';
import { useMessages } from '../../i18n/messages';

/** Full-screen state while the admin session is checked, or when it cannot be. Small: the route tree carries it. */
export function CheckingAuthentication({ children }: { children?: ReactNode }) {
  const t = useMessages(adminLogin);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 text-slate-600">
      <Logo size={44} />
      {children ?? (
        <p role="status" className="flex items-center gap-2.5 text-sm font-medium">
          <span aria-hidden="true" className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent text-brand-700 opacity-70" /> {t.checking}
        </p>
      )}
    </div>
  );
}

/** The console's guard or loader failed (the service could not be reached): say so, and try again. */
export function AdminCheckFailed() {
  const t = useMessages(adminLogin);
  const router = useRouter();
  return (
    <CheckingAuthentication>
      <div role="alert" className="text-center">
        <p className="font-semibold text-slate-800">{t.verifyFailed}</p>
        <p className="mt-1 text-sm text-slate-600">{t.unreachable}</p>
        <button
          type="button"
          onClick={() => void router.invalidate()}
          className="mt-4 inline-flex h-11 items-center justify-center rounded-xl bg-white px-4 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50"
        >
          {t.retry}
        </button>
      </div>
    </CheckingAuthentication>
  );
}
