import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { landingAfterSignIn, staffRoleOf } from '@shared/roles';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { Link, useNavigate } from '../../components/nav';
import { authTexts } from '../../i18n/auth';
import { useMessages } from '../../i18n/messages';
import { loadAuth } from './load';

/** The frame of the sign-in screens: brand band, a card with the form, a way back to the site. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const t = useMessages(authTexts);
  return (
    <div className="min-h-dvh bg-slate-50">
      <div className="bg-gradient-to-br from-brand-600 via-brand-700 to-ocean-900 px-5 pt-[max(env(safe-area-inset-top),1.25rem)] pb-24 text-white">
        <div className="mx-auto flex max-w-md items-center gap-3">
          <Link to="/" className="mr-auto flex items-center gap-2 font-bold">
            <Logo size={34} />
            <span>Bali Refill</span>
          </Link>
          <LanguageSwitch className="shrink-0" />
          <Link to="/" className="flex items-center text-sm font-medium text-brand-100 hover:text-white">{t.backToSite}</Link>
        </div>
        <div className="mx-auto mt-10 max-w-md">
          <h1 className="text-2xl font-bold">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-brand-100">{subtitle}</p>}
        </div>
      </div>
      <main className="mx-auto -mt-16 max-w-md px-4 pb-10">
        <div className="rounded-3xl bg-white p-6 shadow-xl shadow-brand-900/10 ring-1 ring-slate-100">{children}</div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </main>
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string };

export function Field({ label, hint, id, className = '', ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">{label}</label>
      <input
        id={inputId}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        className={`block w-full rounded-xl border border-slate-200 bg-slate-50 px-3.5 py-3 text-base text-slate-900 outline-none transition placeholder:text-slate-500 focus:border-brand-500 focus:bg-white focus:ring-4 focus:ring-brand-100 ${className}`}
        {...input}
      />
      {hint && <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const t = useMessages(authTexts);
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div className="relative">
      <Field {...props} id={id} type={shown ? 'text' : 'password'} className="pr-16" />
      <button
        type="button"
        onClick={() => setShown((s) => !s)}
        aria-controls={id}
        aria-label={shown ? t.hidePassword : t.showPassword}
        className="absolute top-[2.05rem] right-2 rounded-lg px-2.5 py-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50"
      >
        {shown ? t.hide : t.show}
      </button>
    </div>
  );
}

export function SubmitButton({ busy, children, busyText }: { busy: boolean; children: ReactNode; busyText: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 py-3.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 active:scale-[0.99] disabled:cursor-not-allowed disabled:opacity-70"
    >
      {busy && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {busy ? busyText : children}
    </button>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <p role="alert" className="rounded-xl bg-red-50 px-3.5 py-3 text-sm text-red-700 ring-1 ring-red-100">{message}</p>;
}

export function FormNotice({ children }: { children: ReactNode }) {
  return <p role="status" className="rounded-xl bg-brand-50 px-3.5 py-3 text-sm text-brand-800 ring-1 ring-brand-100">{children}</p>;
}

/**
 * After signing in: forget the previous visitor's data and go where the visitor was headed (the app by default); a
 * host, technician or administrator goes to its own home instead (landingAfterSignIn).
 */
export function useFinishSignIn(redirect: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    for (const key of [['auth'], ['transactions'], ['environmental-impact'], ['favourites']]) queryClient.removeQueries({ queryKey: key });
    // Amplify is loaded by the form that signed in; asked through loadAuth, the screen's first render stays without it.
    const { currentGroups } = await loadAuth();
    await navigate({ href: landingAfterSignIn(staffRoleOf(await currentGroups()), redirect), replace: true });
  }, [queryClient, navigate, redirect]);
}

