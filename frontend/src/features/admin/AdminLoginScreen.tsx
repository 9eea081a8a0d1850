import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { Logo } from '../../components/Logo';
import { adminLogin } from '../../i18n/admin-login';
import { useMessages } from '../../i18n/messages';
import { ArrowLeftIcon, DropletIcon, EyeIcon, EyeOffIcon, ShieldIcon, StationIcon } from './icons';
import { LoginError, TotpCodeForm, TotpEnrolment, useLoginError } from './SecondFactor';
import { endConsoleSession, rememberAdmin, useAdminSignIn, type ConsoleSignIn } from '../../api/admin-session';
import { Spinner } from '@frontend/components/ui';

/**
 * /admin/login: username and password against Cognito, then the code of an authenticator app when the account has
 * TOTP; an administrator without it enrols first. Only console users go on (then `redirect`, or /admin).
 */
export function AdminLoginScreen({ redirect }: { redirect?: string }) {
  const t = useMessages(adminLogin);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  /** After the password: a code to answer, or TOTP to enrol; 'enrolled' asks for the password again, then a code. */
  const [step, setStep] = useState<Exclude<ConsoleSignIn, { step: 'done' }> | { step: 'enrolled' } | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const passwordId = useId();
  const onSignIn = async (result: ConsoleSignIn) => {
    if (result.step !== 'done') return setStep(result);
    rememberAdmin(queryClient, result.identity);
    await navigate({ href: redirect ?? '/admin', replace: true });
  };
  const { login, code } = useAdminSignIn(() => ({ username, password }), onSignIn);
  const startOver = async () => {
    await endConsoleSession(queryClient);
    login.reset();
    code.reset();
    setPassword('');
    setStep(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  // Busy until the console shows: the navigation follows the sign-in.
  const busy = login.isPending || (login.isSuccess && login.data.step === 'done');
  const error = useLoginError(login.error);
  const codeError = useLoginError(code.error);

  return (
    <div className="grid min-h-dvh bg-slate-50 lg:grid-cols-[1.1fr_1fr]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-ocean-950 p-12 text-white lg:flex lg:flex-col">
        <div aria-hidden="true" className="absolute -top-24 -right-24 h-96 w-96 rounded-full bg-brand-400/20 blur-3xl" />
        <div aria-hidden="true" className="absolute bottom-0 left-0 h-72 w-72 -translate-x-1/3 translate-y-1/3 rounded-full bg-cyan-300/10 blur-2xl" />
        <Link to="/" className="relative flex items-center gap-3 text-lg font-bold">
          <Logo size={40} /> Bali Refill
        </Link>
        <div className="relative mt-auto max-w-md">
          <p className="text-sm font-semibold tracking-widest text-brand-200 uppercase">{t.console}</p>
          <h2 className="mt-3 text-4xl leading-tight font-bold">{t.headline}</h2>
          <ul className="mt-8 space-y-4 text-brand-50">
            <li className="flex gap-3"><StationIcon className="mt-0.5 shrink-0 text-brand-300" /> {t.points[0]}</li>
            <li className="flex gap-3"><DropletIcon className="mt-0.5 shrink-0 text-brand-300" /> {t.points[1]}</li>
            <li className="flex gap-3"><ShieldIcon className="mt-0.5 shrink-0 text-brand-300" /> {t.points[2]}</li>
          </ul>
        </div>
        <p className="relative mt-12 text-xs text-brand-200">© 2025 Bali Refill</p>
      </aside>

      <main className="flex items-center justify-center px-5 py-12">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex items-center gap-3 lg:hidden">
            <Logo size={40} />
            <span className="text-lg font-bold text-slate-900">Bali Refill</span>
          </div>
          {step?.step === 'code' || step?.step === 'enrol' ? (
            <>
              <h1 className="text-2xl font-bold text-slate-900">{step.step === 'code' ? t.codeTitle : t.enrolTitle}</h1>
              <p className="mt-1.5 text-sm text-slate-500">{step.step === 'code' ? t.codeIntro : t.enrolIntro}</p>
              <div className="mt-8">
                {step.step === 'code' ? (
                  <TotpCodeForm label={t.codeForm} busy={code.isPending || code.isSuccess} error={codeError} onSubmit={(value) => code.mutate(value)} />
                ) : (
                  <TotpEnrolment identity={step.identity} onEnrolled={() => { setPassword(''); login.reset(); setStep({ step: 'enrolled' }); }} />
                )}
              </div>
              <button type="button" onClick={() => void startOver()} className="mt-6 block text-sm font-medium text-brand-700 hover:underline">{t.otherAccount}</button>
            </>
          ) : (
            <>
            <h1 className="text-2xl font-bold text-slate-900">{t.title}</h1>
            <p className="mt-1.5 text-sm text-slate-500">{t.intro}</p>
            {step?.step === 'enrolled' && <p role="status" className="mt-5 rounded-xl bg-emerald-50 px-3.5 py-3 text-sm text-emerald-800 ring-1 ring-emerald-200">{t.enrolled}</p>}

            <form onSubmit={submit} aria-label={t.form} className="mt-8 space-y-5" noValidate={false}>
              <div>
                <label htmlFor="admin-username" className="mb-1.5 block text-sm font-medium text-slate-700">{t.username}</label>
                <input
                  id="admin-username"
                  name="username"
                  autoComplete="username"
                  required
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  placeholder="name@company.com"
                  className="block h-11 w-full rounded-xl border border-slate-200 bg-white px-3.5 text-sm shadow-xs outline-none transition focus:border-brand-500 focus:ring-4 focus:ring-brand-100"
                />
              </div>
              <div>
                <label htmlFor={passwordId} className="mb-1.5 block text-sm font-medium text-slate-700">{t.password}</label>
                <div className="relative">
                  <input
                    id={passwordId}
                    name="password"
                    type={shown ? 'text' : 'password'}
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    className="block h-11 w-full rounded-xl border border-slate-200 bg-white pr-12 pl-3.5 text-sm shadow-xs outline-none transition focus:border-brand-500 focus:ring-4 focus:ring-brand-100"
                  />
                  <button
                    type="button"
                    onClick={() => setShown((s) => !s)}
                    aria-label={shown ? t.hidePassword : t.showPassword}
                    aria-pressed={shown}
                    aria-controls={passwordId}
                    className="absolute top-1/2 right-1.5 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                  >
                    {shown ? <EyeOffIcon /> : <EyeIcon />}
                  </button>
                </div>
              </div>
              <LoginError text={error} />
              <button
                type="submit"
                disabled={busy}
                className="flex h-11 w-full items-center justify-center gap-2 rounded-xl bg-brand-600 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none disabled:opacity-70"
              >
                {busy && <Spinner className="h-4 w-4" />}
                {busy ? t.signingIn : t.login}
              </button>
            </form>
            </>
          )}

          <Link to="/" className="mt-8 inline-flex items-center gap-2 text-sm font-medium text-slate-500 hover:text-brand-700">
            <ArrowLeftIcon size={16} /> {t.back}
          </Link>
        </div>
      </main>
    </div>
  );
}
