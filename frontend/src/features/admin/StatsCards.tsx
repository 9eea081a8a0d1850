import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adminQueries } from '../../api/admin';
import { adminConsole } from '../../i18n/admin-console';
import { useMessages } from '../../i18n/messages';
import { formatInteger, formatLitres, formatRupiah } from './format';
import { DropletIcon, StationIcon, UsersIcon, WalletIcon } from './icons';

function StatCard({ label, value, detail, icon, tint }: { label: string; value: ReactNode; detail: ReactNode; icon: ReactNode; tint: string }) {
  return (
    <section aria-label={label} className="relative overflow-hidden rounded-2xl bg-white p-4 shadow-card ring-1 ring-slate-200/70 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-slate-500">{label}</h3>
          <p data-testid="stat-value" className="mt-2 truncate text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">{value}</p>
        </div>
        <div className={`hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl sm:flex ${tint}`}>{icon}</div>
      </div>
      <div className="mt-3 text-xs text-slate-500 sm:text-sm">{detail}</div>
    </section>
  );
}

const Skeleton = ({ label }: { label: string }) => <span className="inline-block h-8 w-24 animate-pulse rounded-lg bg-slate-100 align-middle" aria-label={label} />;

/** The four summary cards, from GET /api/admin/stats (ledger and machines, never hard-coded). */
export function StatsCards() {
  const t = useMessages(adminConsole).stats;
  const { data, isError } = useQuery(adminQueries.stats());
  const v = (render: (d: NonNullable<typeof data>) => ReactNode) => (data ? render(data) : isError ? '—' : <Skeleton label={t.loading} />);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        label={t.machines}
        icon={<StationIcon size={22} />}
        tint="bg-brand-50 text-brand-700"
        value={v((d) => formatInteger(d.totalMachines))}
        detail={v((d) => (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="inline-flex items-center gap-1.5"><span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" />{t.online(formatInteger(d.onlineMachines))}</span>
            <span className="inline-flex items-center gap-1.5"><span className="h-2 w-2 rounded-full bg-red-500" aria-hidden="true" />{t.offline(formatInteger(d.offlineMachines))}</span>
            {d.totalMachines - d.onlineMachines - d.offlineMachines > 0 && (
              <span className="inline-flex items-center gap-1.5"><span className="h-2 w-2 rounded-full bg-amber-400" aria-hidden="true" />{t.other(formatInteger(d.totalMachines - d.onlineMachines - d.offlineMachines))}</span>
            )}
          </span>
        ))}
      />
      <StatCard label={t.users} icon={<UsersIcon size={22} />} tint="bg-violet-50 text-violet-700" value={v((d) => formatInteger(d.activeUsers))} detail={t.registered} />
      <StatCard
        label={t.revenue}
        icon={<WalletIcon size={22} />}
        tint="bg-emerald-50 text-emerald-700"
        value={v((d) => formatRupiah(d.totalRevenue))}
        detail={v((d) => `${t.transactions(d.transactionCount, formatInteger(d.transactionCount))}${d.openReceivables > 0 ? t.owed(formatRupiah(d.openReceivables)) : ''}`)}
      />
      <StatCard label={t.water} icon={<DropletIcon size={22} />} tint="bg-sky-50 text-sky-700" value={v((d) => formatLitres(d.waterDispensedLitres))} detail={t.metered} />
    </div>
  );
}
