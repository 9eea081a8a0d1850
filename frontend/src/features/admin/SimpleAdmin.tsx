import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TIMING_MS } from '@shared/constants';
import { adminQueries } from '../../api/admin';
import { adminConsole } from '../../i18n/admin-console';
import { adminLogin } from '../../i18n/admin-login';
import { adminMachines } from '../../i18n/admin-machines';
import { useMessages } from '../../i18n/messages';
import { Logo } from '../../components/Logo';
import { AddMachineForm } from './AddMachineForm';
import { bundleFileName, downloadBundle, type Provisioned } from './bundle';
import { CheckingAuthentication } from './CheckingAuthentication';
import { formatInteger, formatLitres, formatRupiah } from './format';
import { LogoutIcon } from './icons';
import { TotpCodeForm, useLoginError } from './SecondFactor';
import { rememberAdmin, useAdminLogout, useAdminSession, useAdminSignIn, type ConsoleSignIn } from '../../api/admin-session';
import { Button, Card, InlineAlert, TextField } from '@frontend/components/ui';

/** /admin/simple: the plain login form; 1 second after success it goes to the simple dashboard. */
export function SimpleLogin() {
  const t = useMessages(adminConsole).simple;
  const loginTexts = useMessages(adminLogin);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  /** After the password: the code of an authenticator app, or (an administrator without TOTP) the full login to enrol it. */
  const [step, setStep] = useState<'password' | 'code' | 'enrol'>('password');
  const [done, setDone] = useState(false);
  const onSignIn = (result: ConsoleSignIn) => {
    if (result.step !== 'done') return setStep(result.step);
    setDone(true);
    rememberAdmin(queryClient, result.identity);
    timer.current = setTimeout(() => void navigate({ to: '/admin/dashboard-simple' }), TIMING_MS.simpleLoginRedirect);
  };
  const { login, code } = useAdminSignIn(() => ({ username, password }), onSignIn);
  const failure = useLoginError(login.error ?? code.error);
  const status = done
    ? { tone: 'success' as const, text: t.loginSuccess }
    : failure
      ? { tone: 'error' as const, text: t.loginFailed(failure) }
      : null;
  // Busy until the dashboard shows (a second after success).
  const busy = login.isPending || code.isPending || done;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 p-4">
      <Card className="w-full max-w-sm p-7">
        <div className="flex items-center gap-2.5">
          <Logo size={32} />
          <h1 className="text-lg font-bold text-slate-900">{t.loginTitle}</h1>
        </div>
        {step === 'password' && (
          <form onSubmit={submit} aria-label={t.loginForm} className="mt-6 space-y-4">
            <TextField label={t.username} name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
            <TextField label={t.password} name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            {status && <InlineAlert tone={status.tone}>{status.text}</InlineAlert>}
            <Button type="submit" variant="primary" busy={busy} className="w-full">{t.login}</Button>
          </form>
        )}
        {step === 'code' && (
          <div className="mt-6 space-y-4">
            <p className="text-sm text-slate-600">{loginTexts.codeIntro}</p>
            {done && status && <InlineAlert tone={status.tone}>{status.text}</InlineAlert>}
            <TotpCodeForm label={loginTexts.codeForm} busy={busy} error={code.error ? failure : null} onSubmit={(value) => code.mutate(value)} />
          </div>
        )}
        {step === 'enrol' && (
          <div className="mt-6">
            <InlineAlert tone="error">{loginTexts.enrolIntro}</InlineAlert>
            <Link to="/admin/login" className="mt-4 inline-block font-medium text-brand-700 hover:underline">{loginTexts.enrolTitle}</Link>
          </div>
        )}
        <div className="mt-5 flex justify-between text-sm">
          <Link to="/admin/login" className="font-medium text-brand-700 hover:underline">{t.fullLogin}</Link>
          <Link to="/" className="text-slate-500 hover:text-slate-800">{t.backToSite}</Link>
        </div>
      </Card>
    </main>
  );
}

/**
 * /admin/dashboard-simple: checks the admin session (an error reads 'Failed to verify admin authentication',
 * no session goes to /admin/simple), shows the role (ACTIVE when there is none), the stats and the add-machine form.
 */
export function SimpleDashboard() {
  const texts = useMessages(adminConsole);
  const t = texts.simple;
  const createdText = useMessages(adminMachines).created;
  const session = useAdminSession();
  const navigate = useNavigate();
  const logout = useAdminLogout('/admin/simple');
  const stats = useQuery({ ...adminQueries.stats(), enabled: Boolean(session.data) });
  const [created, setCreated] = useState<Provisioned | null>(null);

  useEffect(() => {
    if (session.isSuccess && !session.data) void navigate({ to: '/admin/simple', replace: true });
  }, [session.isSuccess, session.data, navigate]);

  if (session.isError) {
    return (
      <CheckingAuthentication>
        <p role="alert" className="font-semibold text-red-700">{t.verifyFailed}</p>
        <Button onClick={() => void session.refetch()}>{t.retry}</Button>
      </CheckingAuthentication>
    );
  }
  if (!session.data) return <CheckingAuthentication />;
  const role = session.data.role?.trim() ? session.data.role.toUpperCase() : t.activeRole;
  const s = stats.data;

  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-4xl items-center gap-3 px-4">
          <Logo size={28} />
          <h1 className="font-bold text-slate-900">{t.title}</h1>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden text-slate-600 sm:inline">{session.data.username}</span>
            <span aria-label={t.role} className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-bold tracking-wide text-emerald-700 ring-1 ring-emerald-200">{role}</span>
            <Button size="sm" icon={<LogoutIcon size={14} />} onClick={() => logout.mutate()}>{texts.logout}</Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <section aria-label={t.stats} className="grid gap-3 sm:grid-cols-4">
          {[
            [t.machines, s ? t.machinesValue(formatInteger(s.totalMachines), formatInteger(s.onlineMachines)) : '…'],
            [t.users, s ? formatInteger(s.activeUsers) : '…'],
            [t.revenue, s ? formatRupiah(s.totalRevenue) : '…'],
            [t.water, s ? formatLitres(s.waterDispensedLitres) : '…'],
          ].map(([label, value]) => (
            <Card key={label} className="p-4">
              <p className="text-xs font-medium text-slate-500 uppercase">{label}</p>
              <p className="mt-1 text-lg font-bold text-slate-900">{value}</p>
            </Card>
          ))}
        </section>
        <Card className="p-6">
          <h2 className="text-base font-semibold text-slate-900">{t.addMachine}</h2>
          <p className="mb-5 text-sm text-slate-500">{t.addIntro}</p>
          <AddMachineForm
            formId="simple-add-machine"
            onCreated={(result) => {
              setCreated(result);
              downloadBundle(result);
            }}
            success={created ? <InlineAlert tone="success">{createdText} {t.bundleSaved(bundleFileName(created.machine.id))}</InlineAlert> : undefined}
            footer={({ busy }) => (
              <div className="flex justify-end gap-2">
                {created && <Button onClick={() => setCreated(null)}>{t.addAnother}</Button>}
                <Button type="submit" variant="primary" busy={busy} disabled={Boolean(created)}>{t.create}</Button>
              </div>
            )}
          />
        </Card>
        <p className="text-center text-sm text-slate-500">
          <Link to="/admin" className="font-medium text-brand-700 hover:underline">{t.fullDashboard}</Link>
        </p>
      </main>
    </div>
  );
}
