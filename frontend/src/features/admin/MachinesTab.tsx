import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { machineFilterStatuses, type Machine } from '@shared/schemas/machine';
import { adminQueries, refreshStats } from '../../api/admin';
import { adminConsole } from '../../i18n/admin-console';
import { useMessages } from '../../i18n/messages';
import { AddMachineDialog } from './AddMachineDialog';
import { filterMachines, machineAlerts, offlineSince, type StatusFilter } from './machine-list';
import { bundleFileName, downloadBundle, type Provisioned } from './bundle';
import { EditMachineDialog } from './EditMachineDialog';
import { useExportRows } from './export';
import { formatDateTime, useTimeAgo } from './format';
import { AlertIcon, DropletIcon, GearIcon, KeyIcon, PlusIcon, RefreshIcon, StationIcon } from './icons';
import { AvailabilityNote, MachineStatusBadge, useStatusLabels } from './MachineStatusBadge';
import { Button, EmptyState, LoadingRows, SearchInput, Table, Td, Th } from '@frontend/components/ui';
import { ProblemReportsPanel } from './ProblemReportsPanel';

function WaterLevel({ level }: { level: number | null }) {
  const t = useMessages(adminConsole).machines;
  if (level === null) return <span className="text-slate-500">—</span>;
  const tone = level < 20 ? 'bg-red-500' : level < 50 ? 'bg-amber-400' : 'bg-brand-500';
  return (
    <div className="flex items-center gap-2" title={t.waterLevel(level)}>
      <div className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${Math.max(3, level)}%` }} />
      </div>
      <span className={`text-xs font-medium tabular-nums ${level < 20 ? 'text-red-600' : 'text-slate-600'}`}>{level}%</span>
    </div>
  );
}

function Alerts({ machines }: { machines: Machine[] }) {
  const t = useMessages(adminConsole).machines;
  const timeAgo = useTimeAgo();
  const { offline, lowWater } = machineAlerts(machines);
  if (!offline.length && !lowWater.length) return null;
  const names = (list: Machine[], detail: (m: Machine) => string) =>
    list.slice(0, 6).map((m) => (
      <li key={m.id} className="max-w-full rounded-lg bg-white/70 px-2 py-1 text-xs break-words ring-1 ring-inset ring-current/10">
        <span className="font-semibold">{m.name}</span> <span className="opacity-75">{detail(m)}</span>
      </li>
    ));
  return (
    <div className={`grid gap-3 px-6 pt-5 ${offline.length && lowWater.length ? 'lg:grid-cols-2' : ''}`} aria-label={t.alerts}>
      {offline.length > 0 && (
        <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          <p className="flex items-center gap-2 text-sm font-semibold">
            <AlertIcon /> {t.offlineAlert(offline.length)}
          </p>
          <ul className="mt-2.5 flex flex-wrap gap-1.5">{names(offline, (m) => `· ${timeAgo(offlineSince(m))}`)}</ul>
        </div>
      )}
      {lowWater.length > 0 && (
        <div role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
          <p className="flex items-center gap-2 text-sm font-semibold">
            <DropletIcon /> {t.lowWaterAlert(lowWater.length)}
          </p>
          <ul className="mt-2.5 flex flex-wrap gap-1.5">{names(lowWater, (m) => `· ${m.waterLevel}%`)}</ul>
          {lowWater.length > 6 && <p className="mt-2 text-xs">{t.andMore(lowWater.length - 6)}</p>}
        </div>
      )}
    </div>
  );
}

/** One station on a phone (technicians and administrators alike); `onEdit` (administrators) adds its settings button. */
function MachineCard({ machine: m, onEdit }: { machine: Machine; onEdit?: () => void }) {
  const t = useMessages(adminConsole).machines;
  const timeAgo = useTimeAgo();
  return (
    <li className="rounded-2xl bg-white p-4 shadow-xs ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to="/admin/stations/$id" params={{ id: m.id }} className="block font-semibold break-words text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline">{m.name}</Link>
          <p className="font-mono text-xs text-slate-500">{m.id}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <MachineStatusBadge status={m.status} />
          {onEdit && <Button size="sm" variant="ghost" aria-label={t.edit(m.name)} icon={<GearIcon size={16} />} onClick={onEdit}><span className="sr-only">{t.head.settings}</span></Button>}
        </div>
      </div>
      <p className="mt-1 text-sm break-words text-slate-600">{m.location}</p>
      {/* Below, not beside the badge: why a station sells no water can be a long sentence in Indonesian. */}
      <AvailabilityNote machine={m} />
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div><dt className="text-xs font-semibold text-slate-500 uppercase">{t.head.water}</dt><dd className="mt-1"><WaterLevel level={m.waterLevel} /></dd></div>
        <div><dt className="text-xs font-semibold text-slate-500 uppercase">{t.head.lastSeen}</dt><dd className="mt-1 text-slate-700" title={m.lastHeartbeat ? formatDateTime(m.lastHeartbeat) : t.noHeartbeat}>{timeAgo(m.lastHeartbeat)}</dd></div>
      </dl>
    </li>
  );
}

/** The stations list; `canEdit` (administrators) adds and edits stations, technicians only read and open them. */
export function MachinesTab({ canEdit }: { canEdit: boolean }) {
  const t = useMessages(adminConsole).machines;
  const statusLabels = useStatusLabels();
  const timeAgo = useTimeAgo();
  const queryClient = useQueryClient();
  const machines = useQuery(adminQueries.machines());
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Machine | null>(null);
  const [bundle, setBundle] = useState<Provisioned | null>(null);
  const rows = useMemo(() => filterMachines(machines.data ?? [], search, status), [machines.data, search, status]);

  useExportRows(() => ({
    name: 'machines',
    header: ['Machine ID', 'Name', 'Location', 'Status', 'Water level (%)', 'Latitude', 'Longitude', 'Last heartbeat', 'Created'],
    rows: rows.map((m) => [m.id, m.name, m.location, m.status, m.waterLevel, m.latitude, m.longitude, m.lastHeartbeat, m.createdAt]),
  }));

  const refresh = () => Promise.all([machines.refetch(), refreshStats(queryClient)]);

  return (
    <div>
      <ProblemReportsPanel />
      <div className="flex flex-col gap-3 px-6 pt-5 lg:flex-row lg:items-center">
        <SearchInput label={t.search} placeholder={t.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} className="lg:max-w-sm lg:flex-1" />
        <label className="flex items-center gap-2 text-sm text-slate-600">
          <span className="sr-only lg:not-sr-only">{t.status}</span>
          <select
            aria-label={t.filterByStatus}
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            className="h-10 rounded-xl border border-slate-200 bg-white px-3 pr-8 text-sm shadow-xs outline-none focus:border-brand-500 focus:ring-4 focus:ring-brand-100"
          >
            <option value="all">{t.allStatuses}</option>
            {machineFilterStatuses.map((s) => <option key={s} value={s}>{statusLabels[s]}</option>)}
          </select>
        </label>
        <div className="flex gap-2 lg:ml-auto">
          <Button icon={<RefreshIcon className={machines.isFetching ? 'animate-spin' : ''} />} onClick={() => void refresh()}>{t.refresh}</Button>
          {canEdit && <Button variant="primary" icon={<PlusIcon />} onClick={() => setAdding(true)}>{t.add}</Button>}
        </div>
      </div>

      {bundle && (
        <div role="status" className="mx-6 mt-4 flex flex-col gap-3 rounded-xl bg-brand-50 p-4 text-sm text-brand-900 ring-1 ring-brand-200 sm:flex-row sm:items-center">
          <KeyIcon className="shrink-0 text-brand-700" />
          <p className="flex-1">
            {t.bundleSavedBefore}<strong>{bundle.machine.id}</strong>{t.bundleSavedAs}<span className="font-mono">{bundleFileName(bundle.machine.id)}</span>{t.bundleSavedAfter}
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => downloadBundle(bundle)}>{t.downloadAgain}</Button>
            <Button size="sm" variant="ghost" onClick={() => setBundle(null)}>{t.dismiss}</Button>
          </div>
        </div>
      )}

      {machines.data && <Alerts machines={machines.data} />}

      <div className="mt-5">
        {machines.isPending ? (
          <LoadingRows label={t.loading} />
        ) : machines.isError ? (
          <EmptyState icon={<AlertIcon />} title={t.loadError}>
            <Button className="mt-3" onClick={() => void machines.refetch()}>{t.retry}</Button>
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState icon={<StationIcon />} title={t.noMatch}>{t.noMatchHint}</EmptyState>
        ) : (
          <>
            {/* A phone gets a card per station (water and last seen in view, no sideways scroll); the table from md up. */}
            <ul aria-label={t.table} className="grid gap-3 px-4 md:hidden">
              {rows.map((m) => <MachineCard key={m.id} machine={m} onEdit={canEdit ? () => setEditing(m) : undefined} />)}
            </ul>
            <div className="hidden md:block">
            <Table
              label={t.table}
              head={
                <tr>
                  <Th>{t.head.status}</Th>
                  <Th>{t.head.machine}</Th>
                  <Th>{t.head.location}</Th>
                  <Th>{t.head.water}</Th>
                  <Th>{t.head.lastSeen}</Th>
                  {canEdit && <Th className="text-right">{t.head.settings}</Th>}
                </tr>
              }
            >
              {rows.map((m) => (
                <tr key={m.id} className="group hover:bg-slate-50/70">
                  <Td>
                    <MachineStatusBadge status={m.status} />
                    <AvailabilityNote machine={m} />
                  </Td>
                  <Td>
                    <Link to="/admin/stations/$id" params={{ id: m.id }} className="block font-semibold text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline">{m.name}</Link>
                    <p className="font-mono text-xs text-slate-500">{m.id}</p>
                  </Td>
                  <Td className="max-w-xs"><p className="truncate text-slate-600" title={m.location}>{m.location}</p></Td>
                  <Td><WaterLevel level={m.waterLevel} /></Td>
                  <Td>
                    <span className="text-slate-700" title={m.lastHeartbeat ? formatDateTime(m.lastHeartbeat) : t.noHeartbeat}>{timeAgo(m.lastHeartbeat)}</span>
                  </Td>
                  {canEdit && (
                    <Td className="text-right">
                      <Button size="sm" variant="ghost" aria-label={t.edit(m.name)} icon={<GearIcon size={16} />} onClick={() => setEditing(m)}>
                        <span className="sr-only">{t.head.settings}</span>
                      </Button>
                    </Td>
                  )}
                </tr>
              ))}
            </Table>
            </div>
          </>
        )}
        {machines.data && (
          <p className="border-t border-slate-100 px-6 py-3 text-xs text-slate-500">
            {t.showing(rows.length, machines.data.length)}
          </p>
        )}
      </div>

      <AddMachineDialog open={adding} onClose={() => setAdding(false)} onProvisioned={setBundle} />
      <EditMachineDialog machine={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
