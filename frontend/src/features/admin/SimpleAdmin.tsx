import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TIMING_MS } from '@shared/constants';
import { adminQueries } from '../../api/admin';
import { Logo } from '../../components/Logo';
import { AddMachineForm, MACHINE_CREATED } from './AddMachineForm';
import { bundleFileName, downloadBundle, type Provisioned } from './bundle';
import { CheckingAuthentication } from './CheckingAuthentication';
import { formatInteger, formatLitres, formatRupiah } from './format';
import { LogoutIcon } from './icons';
import { adminPasswordSignIn, rememberAdmin, useAdminLogout, useAdminSession } from './session';
import { Button, Card, InlineAlert, TextField } from './ui';

/** /admin/simple: the plain login form; 1 second after success it goes to the simple dashboard. */
export function SimpleLogin() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const login = useMutation({
    mutationFn: () => adminPasswordSignIn(username, password),
    onSuccess: (identity) => {
      rememberAdmin(queryClient, identity);
      timer.current = setTimeout(() => void navigate({ to: '/admin/dashboard-simple' }), TIMING_MS.simpleLoginRedirect);
    },
  });
  const status = login.isSuccess
    ? { tone: 'success' as const, text: 'Login successful! Redirecting...' }
    : login.error
      ? { tone: 'error' as const, text: `Login failed: ${login.error.message}` }
      : null;
  // Busy until the dashboard shows (a second after success).
  const busy = login.isPending || login.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 p-4">
      <Card className="w-full max-w-sm p-7">
        <div className="flex items-center gap-2.5">
          <Logo size={32} />
          <h1 className="text-lg font-bold text-slate-900">Simple Admin Login</h1>
        </div>
        <form onSubmit={submit} aria-label="Simple admin login" className="mt-6 space-y-4">
          <TextField label="Username" name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          {status && <InlineAlert tone={status.tone}>{status.text}</InlineAlert>}
          <Button type="submit" variant="primary" busy={busy} className="w-full">Login</Button>
        </form>
        <div className="mt-5 flex justify-between text-sm">
          <Link to="/admin/login" className="font-medium text-brand-700 hover:underline">Full admin login</Link>
          <Link to="/" className="text-slate-500 hover:text-slate-800">Back to site</Link>
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
        <p role="alert" className="font-semibold text-red-700">Failed to verify admin authentication</p>
        <Button onClick={() => void session.refetch()}>Try again</Button>
      </CheckingAuthentication>
    );
  }
  if (!session.data) return <CheckingAuthentication />;
  const role = session.data.role?.trim() ? session.data.role.toUpperCase() : 'ACTIVE';
  const s = stats.data;

  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-4xl items-center gap-3 px-4">
          <Logo size={28} />
          <h1 className="font-bold text-slate-900">Simple Admin Dashboard</h1>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden text-slate-600 sm:inline">{session.data.username}</span>
            <span aria-label="Role" className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-bold tracking-wide text-emerald-700 ring-1 ring-emerald-200">{role}</span>
            <Button size="sm" icon={<LogoutIcon size={14} />} onClick={() => void logout()}>Logout</Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <section aria-label="Stats" className="grid gap-3 sm:grid-cols-4">
          {[
            ['Machines', s ? `${formatInteger(s.totalMachines)} (${formatInteger(s.onlineMachines)} online)` : '…'],
            ['Users', s ? formatInteger(s.activeUsers) : '…'],
            ['Revenue', s ? formatRupiah(s.totalRevenue) : '…'],
            ['Water', s ? formatLitres(s.waterDispensedLitres) : '…'],
          ].map(([label, value]) => (
            <Card key={label} className="p-4">
              <p className="text-xs font-medium text-slate-500 uppercase">{label}</p>
              <p className="mt-1 text-lg font-bold text-slate-900">{value}</p>
            </Card>
          ))}
        </section>
        <Card className="p-6">
          <h2 className="text-base font-semibold text-slate-900">Add Machine</h2>
          <p className="mb-5 text-sm text-slate-500">The certificate bundle downloads once when the machine is created.</p>
          <AddMachineForm
            formId="simple-add-machine"
            onCreated={(result) => {
              setCreated(result);
              downloadBundle(result);
            }}
            success={created ? <InlineAlert tone="success">{MACHINE_CREATED} Bundle saved as {bundleFileName(created.machine.id)}.</InlineAlert> : undefined}
            footer={({ busy }) => (
              <div className="flex justify-end gap-2">
                {created && <Button onClick={() => setCreated(null)}>Add another</Button>}
                <Button type="submit" variant="primary" busy={busy} disabled={Boolean(created)}>Create Machine</Button>
              </div>
            )}
          />
        </Card>
        <p className="text-center text-sm text-slate-500">
          <Link to="/admin" className="font-medium text-brand-700 hover:underline">Open the full dashboard</Link>
        </p>
      </main>
    </div>
  );
}
