import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { AdminIdentity } from '@shared/schemas/user';
import { adminQueries } from '../../api/admin';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { adminClaims } from '../../i18n/claims';
import { adminCommands } from '../../i18n/admin-commands';
import { adminConsole } from '../../i18n/admin-console';
import { consoleRoles } from '../../i18n/console-roles';
import { useMessages } from '../../i18n/messages';
import { AlertsLink } from './alerts/AlertsLink';
import { CountBadge } from './CountBadge';
import { BookLink } from './book/BookLink';
import { TicketsLink } from './tickets/TicketsLink';
import { VisitsLink } from './visits/VisitsLink';
import { StickersLink } from '../guest/StickersLink';
import { toast } from '../../components/toast';
import { toCsv } from '@shared/csv';
import { csvFileName, downloadText } from './csv';
import type { AdminSearch } from '../../search';
import { adminTabs, type AdminTab } from './search';
import { ExportProvider, useExportRegistry } from './export';
import { HostRequestsTab } from './HostRequestsTab';
import {
  ArrowLeftIcon,
  DownloadIcon,
  GearIcon,
  HandshakeIcon,
  LogoutIcon,
  ReceiptIcon,
  StationIcon,
  UsersIcon,
} from './icons';
import { MachinesTab } from './MachinesTab';
import { useAdminLogout } from '../../api/admin-session';
import { StatsCards } from './StatsCards';
import { SystemTab } from './SystemTab';
import { TransactionsTab } from './TransactionsTab';
import { Button } from '@frontend/components/ui';
import { UsersTab } from './UsersTab';

const TAB_ICONS: Record<AdminTab, ReactNode> = {
  machines: <StationIcon size={16} />,
  users: <UsersIcon size={16} />,
  transactions: <ReceiptIcon size={16} />,
  'host-requests': <HandshakeIcon size={16} />,
  system: <GearIcon size={16} />,
};

/**
 * /admin for administrators and technicians (the route's guard sends anyone else away). ?tab= picks the tab. A
 * technician gets the stations tab only, without the money totals, adding or editing stations, or the stickers.
 */
export function AdminDashboard({ admin, search }: { admin: AdminIdentity; search: AdminSearch }) {
  const roleTexts = useMessages(consoleRoles);
  const commandTexts = useMessages(adminCommands);
  const texts = useMessages(adminConsole);
  const isAdmin = admin.role === 'admin';
  const tabs: readonly AdminTab[] = isAdmin ? adminTabs : ['machines'];
  const navigate = useNavigate();
  const logoutNow = useAdminLogout();
  const registry = useExportRegistry();
  const tab = search.tab && tabs.includes(search.tab) ? search.tab : 'machines';
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  // The claims queue lives in the Transactions tab: its badge says how many claims wait for a decision.
  const claimTexts = useMessages(adminClaims);
  const claimCounts = useQuery({ ...adminQueries.claimCounts(), enabled: isAdmin });
  const waitingClaims = claimCounts.data?.pending ?? 0;

  const setTab = (next: AdminTab, extra: Partial<AdminSearch> = {}) =>
    void navigate({ to: '/admin', search: { ...(next === 'machines' ? {} : { tab: next }), ...extra }, replace: true });

  const onTabKey = (event: KeyboardEvent) => {
    const i = tabs.indexOf(tab);
    const next = event.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(i - 1 + tabs.length) % tabs.length] : null;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const exportData = () => {
    const table = registry.get()?.();
    if (typeof table === 'function') return table();
    if (!table || table.rows.length === 0) {
      toast({ title: texts.nothingToExport, description: texts.nothingToExportHint });
      return;
    }
    downloadText(csvFileName(table.name), toCsv(table), 'text/csv;charset=utf-8');
  };

  return (
    <ExportProvider registry={registry}>
      <div className="min-h-dvh bg-slate-50">
        <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
          <div className="mx-auto flex h-16 max-w-[1400px] items-center gap-1.5 px-2 sm:gap-3 sm:px-6">
            {/* On a phone the role stands for the logo: beside the alerts, tickets, route, language and logout there is no room for both. */}
            <Link to="/admin" className="flex shrink-0 items-center gap-2.5">
              <span className="hidden sm:block"><Logo size={34} /></span>
              <span className="hidden font-bold text-slate-900 sm:inline">Bali Refill</span>
              <span data-testid="console-role" className="rounded-md bg-ocean-900 px-1.5 py-0.5 text-[10px] font-bold tracking-widest text-white uppercase">{isAdmin ? texts.adminRole : roleTexts.roles[admin.role]}</span>
            </Link>
            <div className="ml-auto flex min-w-0 items-center gap-0.5 sm:gap-2">
              <AlertsLink />
              <TicketsLink />
              <VisitsLink />
              {isAdmin && <StickersLink />}
              {!isAdmin && <LanguageSwitch />}
              <Link to="/" className="hidden h-10 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:inline-flex">
                <ArrowLeftIcon size={16} /> {texts.backToSite}
              </Link>
              {/* Not on a phone: the header has no room there beside the role, the alerts and the route, and CSV is a desk job. */}
              <div className="hidden sm:block">
                <Button icon={<DownloadIcon size={16} />} onClick={exportData} aria-label={texts.exportData} title={texts.exportTitle}>
                  {texts.exportData}
                </Button>
              </div>
              <div className="mx-1 hidden h-8 w-px bg-slate-200 md:block" aria-hidden="true" />
              {/* The one part of the header that gives way (truncated) when the counts beside it grow. */}
              <div className="hidden min-w-0 text-right md:block">
                <p className="max-w-[14rem] truncate text-sm font-semibold text-slate-800">{admin.username}</p>
                <p className="text-xs text-slate-500">{roleTexts.roles[admin.role]}</p>
              </div>
              <Button
                variant="dark"
                aria-label={texts.logout}
                icon={<LogoutIcon size={16} />}
                busy={!logoutNow.isIdle}
                onClick={() => logoutNow.mutate()}
              >
                <span className="hidden sm:inline">{texts.logout}</span>
              </Button>
            </div>
          </div>
        </header>

        <main className="mx-auto max-w-[1400px] px-4 py-8 sm:px-6">
          <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{isAdmin ? texts.title : roleTexts.technicianTitle}</h1>
              <p className="mt-1 text-sm text-slate-500">{isAdmin ? texts.subtitle : roleTexts.technicianSubtitle}</p>
            </div>
            <div className="flex flex-wrap items-center gap-4">
              {/* An administrator's header is full at every width (stickers, export): the language is chosen here. */}
              {isAdmin && <LanguageSwitch />}
              {isAdmin && <BookLink />}
              {isAdmin && (
                <Link to="/admin/commands" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
                  <GearIcon size={14} /> {commandTexts.dashboardLink}
                </Link>
              )}
              <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-500 hover:text-brand-700 sm:hidden">
                <ArrowLeftIcon size={14} /> {texts.backToSite}
              </Link>
            </div>
          </div>

          {isAdmin && <StatsCards />}

          <div className="mt-8 overflow-visible rounded-2xl bg-white shadow-card ring-1 ring-slate-200/70">
            {/* The tabs wrap onto a second line on a phone rather than scroll out of sight. */}
            <div role="tablist" aria-label={texts.sections} className="flex flex-wrap gap-x-1 border-b border-slate-100 px-3 pt-2" onKeyDown={onTabKey}>
              {tabs.map((t) => (
                <button
                  key={t}
                  ref={(el) => {
                    tabRefs.current[t] = el;
                  }}
                  role="tab"
                  id={`tab-${t}`}
                  aria-selected={tab === t}
                  aria-controls={`panel-${t}`}
                  tabIndex={tab === t ? 0 : -1}
                  onClick={() => setTab(t)}
                  aria-label={t === 'transactions' && waitingClaims > 0 ? `${texts.tabs[t]}, ${claimTexts.count(waitingClaims)}` : undefined}
                  className={`relative flex shrink-0 items-center gap-2 rounded-t-lg px-4 py-3 text-sm font-semibold transition outline-none focus-visible:bg-brand-50 ${
                    tab === t ? 'text-brand-700' : 'text-slate-500 hover:text-slate-800'
                  }`}
                >
                  {TAB_ICONS[t]}
                  {texts.tabs[t]}
                  {t === 'transactions' && <CountBadge count={waitingClaims} tone="amber" testId="claim-count" />}
                  {tab === t && <span aria-hidden="true" className="absolute inset-x-3 -bottom-px h-0.5 rounded-full bg-brand-600" />}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="pb-1">
              {tab === 'machines' && <MachinesTab canEdit={isAdmin} />}
              {tab === 'users' && <UsersTab onShowTransactions={(user) => setTab('transactions', { user })} />}
              {tab === 'transactions' && <TransactionsTab userFilter={search.user ?? ''} onUserFilter={(user) => setTab('transactions', user ? { user } : {})} />}
              {tab === 'host-requests' && <HostRequestsTab />}
              {tab === 'system' && <SystemTab />}
            </div>
          </div>
        </main>
      </div>
    </ExportProvider>
  );
}
