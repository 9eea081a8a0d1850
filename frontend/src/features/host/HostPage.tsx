import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { baliDate } from '@shared/bali-time';
import { formatDate, formatNumber } from '@shared/format';
import { formatRupiah } from '@shared/money';
import type { AdminIdentity } from '@shared/schemas/user';
import type { HostImpactReport } from '@shared/schemas/host';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { consoleRoles } from '../../i18n/console-roles';
import { getLanguage, localeOf, useLanguage } from '../../i18n/language';
import { useMessages, type Translation } from '../../i18n/messages';
import { formatInteger, formatLitres, formatPercent } from '../admin/format';
import { LogoutIcon } from '../admin/icons';
import { useAdminLogout } from '@frontend/api/admin-session';
import { Button, Card, EmptyState, LoadingRows } from '@frontend/components/ui';
import { adminQueries } from '@frontend/api/admin';

type Texts = Translation<(typeof consoleRoles)['en']['host']>;

/** This month in Bali, as the month input and the API write it: 2026-11. */
const currentMonth = () => baliDate().slice(0, 7);

/**
 * /host: a partner business's own stations, a month at a time: the business and its stations by id, the period's days
 * in Bali, paid refills, revenue and the host's share of it, litres, bottles and CO2 saved, uptime. Printing the page
 * gives the monthly report (the controls are left out of the print; the logo and the figures print on white paper).
 */
export function HostPage({ host }: { host: AdminIdentity }) {
  const t = useMessages(consoleRoles).host;
  const language = useLanguage();
  const [month, setMonth] = useState(currentMonth);
  const report = useQuery(adminQueries.hostReport(month));
  const logoutNow = useAdminLogout();
  const monthName = new Intl.DateTimeFormat(localeOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

  return (
    <div className="min-h-dvh bg-slate-50 print:bg-white">
      <header className="border-b border-slate-200 bg-white print:hidden">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4 sm:px-6">
          <Logo size={34} />
          <span className="rounded-md bg-ocean-900 px-1.5 py-0.5 text-[10px] font-bold tracking-widest text-white uppercase">{t.badge}</span>
          <p className="hidden max-w-[14rem] truncate text-sm font-semibold text-slate-700 sm:block">{host.username}</p>
          <div className="ml-auto flex items-center gap-2">
            <LanguageSwitch />
            <Button variant="dark" aria-label={t.logout} icon={<LogoutIcon size={16} />} busy={!logoutNow.isIdle} onClick={() => logoutNow.mutate()}>
              <span className="hidden sm:inline">{t.logout}</span>
            </Button>
          </div>
        </div>
      </header>

      <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 print:max-w-none print:p-0">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <div className="hidden items-center gap-2 print:flex"><Logo size={28} /><span className="font-bold">Bali Refill · {t.report}</span></div>
            {report.data?.businessName && <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase print:mt-3 print:text-base" data-testid="host-business">{report.data.businessName}</p>}
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t.title}</h1>
            <p className="mt-1 text-sm text-slate-600">{t.subtitle(monthName)}</p>
            {report.data && <p className="text-sm text-slate-600" data-testid="host-period">{t.period(formatDate(report.data.from, language) ?? '', formatDate(lastInstant(report.data.until), language) ?? '')}</p>}
          </div>
          <div className="flex flex-wrap items-end gap-2 print:hidden">
            <label className="flex flex-col text-xs font-medium text-slate-600">
              {t.month}
              <input type="month" value={month} max={currentMonth()} onChange={(e) => e.target.value && setMonth(e.target.value)}
                className="mt-1 h-10 rounded-xl border border-slate-200 bg-white px-3 text-sm text-slate-900 shadow-xs outline-none focus:border-brand-500 focus:ring-4 focus:ring-brand-100" />
            </label>
            <Button variant="primary" onClick={() => window.print()} disabled={!report.data}>{t.print}</Button>
          </div>
        </div>

        {report.isPending ? (
          <LoadingRows label={t.loading} />
        ) : report.isError ? (
          <EmptyState title={t.loadError}><Button className="mt-3" onClick={() => void report.refetch()}>{t.retry}</Button></EmptyState>
        ) : report.data.stations.length === 0 ? (
          <Card className="mt-5 p-6 text-sm text-slate-600">{t.none}</Card>
        ) : (
          <Report report={report.data} t={t} />
        )}
      </main>
    </div>
  );
}

/** The last instant before `until` (an exclusive end): its day is the period's last. */
const lastInstant = (until: string) => new Date(Date.parse(until) - 1);

function Report({ report, t }: { report: HostImpactReport; t: Texts }) {
  const language = getLanguage();
  const share = formatPercent(report.revenueShare.percent);
  const money = [
    { label: t.totals.refills, value: formatInteger(report.totals.refills), testId: 'host-refills' },
    { label: t.totals.revenue, value: formatRupiah(report.totals.revenue), testId: 'host-revenue' },
    { label: t.totals.share(share), value: formatRupiah(report.revenueShare.amount), testId: 'host-share' },
  ];
  const impact = [
    { label: t.totals.litres, value: formatLitres(report.totals.litres), testId: 'host-litres' },
    { label: t.totals.bottles, value: formatInteger(report.totals.bottlesSaved), testId: 'host-bottles' },
    { label: t.totals.co2, value: formatNumber(report.totals.co2SavedKg, language, 2), testId: 'host-co2' },
  ];
  return (
    <>
      {[money, impact].map((figures, i) => (
        <div key={i} className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
          {figures.map((f) => (
            <Card key={f.testId} className="p-3 sm:p-4 print:shadow-none print:ring-slate-300">
              <p className="text-xs font-medium text-slate-500">{f.label}</p>
              <p className="mt-1 text-lg font-bold break-words text-brand-800 sm:text-2xl" data-testid={f.testId}>{f.value}</p>
            </Card>
          ))}
        </div>
      ))}
      <Card className="mt-5 overflow-x-auto print:shadow-none print:ring-slate-300">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs text-slate-500 print:bg-white">
            <tr>
              <th className="px-3 py-2.5 font-medium sm:px-4">{t.head.station}</th>
              <th className="px-3 py-2.5 text-right font-medium sm:px-4">{t.head.refills}</th>
              <th className="px-3 py-2.5 text-right font-medium sm:px-4">{t.head.revenue}</th>
              <th className="px-3 py-2.5 text-right font-medium sm:px-4">{t.head.litres}</th>
              <th className="hidden px-4 py-2.5 text-right font-medium sm:table-cell print:table-cell">{t.head.bottles}</th>
              <th className="hidden px-4 py-2.5 text-right font-medium sm:table-cell print:table-cell">{t.head.uptime}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.stations.map((s) => (
              <tr key={s.id} className="break-inside-avoid">
                <td className="px-3 py-2.5 sm:px-4">
                  <p className="font-semibold text-slate-900">{s.name}</p>
                  <p className="text-xs text-slate-500"><span className="font-mono" data-testid="host-station-id">{s.id}</span> · {s.location}<span className="print:hidden"> · {t.statuses[s.status]}</span></p>
                </td>
                <td className="px-3 py-2.5 text-right sm:px-4">{formatInteger(s.refills)}</td>
                <td className="px-3 py-2.5 text-right whitespace-nowrap sm:px-4">{formatRupiah(s.revenue)}</td>
                <td className="px-3 py-2.5 text-right whitespace-nowrap sm:px-4">{formatLitres(s.litres)}</td>
                <td className="hidden px-4 py-2.5 text-right sm:table-cell print:table-cell">{formatInteger(s.bottlesSaved)}</td>
                <td className="hidden px-4 py-2.5 text-right sm:table-cell print:table-cell">{s.uptimePercent === null ? '—' : formatPercent(s.uptimePercent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <p className="mt-4 text-xs text-slate-500">{t.shareRule(share)}</p>
      <p className="mt-1 text-xs text-slate-500">{t.method}</p>
      <p className="mt-1 text-sm text-slate-700">{t.thanks}</p>
    </>
  );
}
