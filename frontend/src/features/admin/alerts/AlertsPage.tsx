import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { alertRules, FLEET_ALERT_SCOPE, type Alert } from '@shared/schemas/alert';
import { acknowledgeAlert, type AlertFilters, alertKeys, alertQueries } from '@frontend/api/alerts';
import { toast } from '@frontend/components/toast';
import { adminAlerts } from '@frontend/i18n/admin-alerts';
import { useLanguage } from '@frontend/i18n/language';
import { useMessages, type Translation } from '@frontend/i18n/messages';
import type { AlertsSearch } from '@frontend/search';
import { baliDayEnd, baliDayStart } from '@shared/bali-time';
import { formatDateTime } from '../format';
import { ConsoleSubpage } from '../ConsoleSubpage';
import { Button, Card, DayField, EmptyState, LoadingRows, Pill } from '@frontend/components/ui';

type Texts = Translation<(typeof adminAlerts)['en']>;
const DAY_INPUT = 'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2';
const STATUSES = ['active', 'open', 'acknowledged', 'resolved'] as const;


/** /admin/alerts (administrators and technicians); the opening dates come from the address (?from=, ?to=). */
export function AlertsPage({ search }: { search: AlertsSearch }) {
  const t = useMessages(adminAlerts);
  const navigate = useNavigate();
  const [filters, setFilters] = useState<AlertFilters>({ status: 'active' });
  const [station, setStation] = useState('');
  const range = { ...(search.from ? { from: baliDayStart(search.from) } : {}), ...(search.to && (!search.from || search.to >= search.from) ? { to: baliDayEnd(search.to) } : {}) };
  const language = useLanguage();
  const alerts = useInfiniteQuery(alertQueries.list({ ...filters, ...range }, language));
  const setDay = (key: 'from' | 'to', value: string) => void navigate({ to: '/admin/alerts', search: { ...search, [key]: value || undefined }, replace: true });
  const queryClient = useQueryClient();
  const items = alerts.data?.pages.flatMap((p) => p.items) ?? [];

  const acknowledge = async (alert: Alert) => {
    try {
      await acknowledgeAlert(alert.id);
    } catch {
      toast({ title: t.acknowledgeFailed, variant: 'destructive' });
    }
    await queryClient.invalidateQueries({ queryKey: alertKeys.all });
  };

  return (
    <ConsoleSubpage back={t.back} title={t.title} intro={t.intro}>

        <form role="search" aria-label={t.filters} className="mt-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-5" onSubmit={(e) => {
          e.preventDefault();
          setFilters((f) => ({ ...f, stationId: station.trim() || undefined }));
        }}>
          <label className="text-sm font-medium text-slate-700">{t.status}
            <select className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2" value={filters.status ?? 'active'}
              onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as (typeof STATUSES)[number] }))}>
              {STATUSES.map((s) => <option key={s} value={s}>{t.statuses[s]}</option>)}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">{t.rule}
            <select className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2" value={filters.rule ?? ''}
              onChange={(e) => setFilters((f) => ({ ...f, rule: (e.target.value || undefined) as AlertFilters['rule'] }))}>
              <option value="">{t.allRules}</option>
              {alertRules.map((r) => <option key={r} value={r}>{t.rules[r]}</option>)}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">{t.station}
            <input className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 font-mono" value={station} placeholder={t.stationPlaceholder}
              onChange={(e) => setStation(e.target.value)} onBlur={() => setFilters((f) => ({ ...f, stationId: station.trim() || undefined }))} />
          </label>
          <DayField label={t.openedFrom} labelClassName="text-sm font-medium text-slate-700" className={DAY_INPUT} value={search.from ?? ''} max={search.to}
            onChange={(e) => setDay('from', e.target.value)} />
          <DayField label={t.openedTo} labelClassName="text-sm font-medium text-slate-700" className={DAY_INPUT} value={search.to ?? ''} min={search.from}
            onChange={(e) => setDay('to', e.target.value)} />
        </form>

        <div className="mt-4">
          {alerts.isPending ? (
            <LoadingRows label={t.loading} />
          ) : alerts.isError ? (
            <EmptyState title={t.loadError}><Button className="mt-3" onClick={() => void alerts.refetch()}>{t.retry}</Button></EmptyState>
          ) : items.length === 0 ? (
            <Card className="p-6 text-sm text-slate-600">{t.empty}</Card>
          ) : (
            <ul aria-label={t.title} className="space-y-3">
              {items.map((a) => <AlertRow key={a.id} alert={a} t={t} onAcknowledge={() => void acknowledge(a)} />)}
            </ul>
          )}
          {alerts.hasNextPage && <Button className="mt-3" busy={alerts.isFetchingNextPage} onClick={() => void alerts.fetchNextPage()}>{t.loadMore}</Button>}
        </div>
    </ConsoleSubpage>
  );
}

function AlertRow({ alert, t, onAcknowledge }: { alert: Alert; t: Texts; onAcknowledge: () => void }) {
  const tone = alert.status === 'open' ? 'red' : alert.status === 'acknowledged' ? 'amber' : 'green';
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Pill tone={tone}>{t.statuses[alert.status]}</Pill>
            <span className="font-semibold text-slate-900">{t.rules[alert.rule]}</span>
            {alert.stationId === FLEET_ALERT_SCOPE
              ? <span className="text-sm text-slate-700">{t.fleet}</span>
              : <Link to="/admin/stations/$id" params={{ id: alert.stationId }} className="text-sm text-brand-700 hover:underline">{alert.stationName} <span className="font-mono text-xs">({alert.stationId})</span></Link>}
          </div>
          <p className="mt-1 text-sm break-words text-slate-700">{alert.detail}</p>
          <p className="mt-1 text-xs text-slate-500">
            {t.opened} {formatDateTime(alert.openedAt)} · {alert.notifications ? t.emailed(alert.notifications) : t.notEmailed}
            {alert.acknowledgedBy && alert.acknowledgedAt ? ` · ${t.acknowledgedBy(alert.acknowledgedBy, formatDateTime(alert.acknowledgedAt))}` : ''}
            {alert.resolvedAt ? ` · ${t.resolved(formatDateTime(alert.resolvedAt))}` : ''}
          </p>
        </div>
        {alert.status === 'open' && <Button size="sm" variant="primary" onClick={onAcknowledge}>{t.acknowledge}</Button>}
      </Card>
    </li>
  );
}
