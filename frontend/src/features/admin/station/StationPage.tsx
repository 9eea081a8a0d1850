import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { availability } from '@shared/availability';
import { disconnectReasonIn } from '@shared/disconnect-reasons';
import type { Machine } from '@shared/schemas/machine';
import type { StationEvent, TelemetryReading } from '@shared/schemas/telemetry';
import { HEARTBEAT_INTERVAL_SECONDS } from '@shared/constants';
import { adminQueries } from '@frontend/api/admin';
import { ApiRequestError } from '@frontend/api/client';
import {
  allReadings,
  purchasesSince,
  stationHistoryQueries,
  stationRanges,
  type StationRange,
} from '@frontend/api/station-history';
import { adminStation } from '@frontend/i18n/admin-station';
import { adminCommands } from '@frontend/i18n/admin-commands';
import { consoleRoles } from '@frontend/i18n/console-roles';
import { useLanguage } from '@frontend/i18n/language';
import { useMessages, type Translation } from '@frontend/i18n/messages';
import { toCsv } from '@shared/csv';
import { csvFileName, downloadText } from '../csv';
import { formatDateTime, formatDay, formatInteger, formatLitres, formatPercent, formatRupiah, formatTemperature, useTimeAgo } from '../format';
import { DownloadIcon } from '../icons';
import { ConsoleSubpage } from '../ConsoleSubpage';
import { MachineStatusBadge } from '../MachineStatusBadge';
import { Button, Card, EmptyState, LoadingRows, Spinner } from '@frontend/components/ui';
import { intervalsHeard, uptime } from '@shared/station-figures';
import { dailyActivity } from './station-stats';
import { HostLinkCard } from './HostLinkCard';
import { PublicListingCard } from './PublicListingCard';
import { StationCheckIn } from './StationCheckIn';
import { WaterSafetyCard } from './WaterSafetyCard';
import { StationTickets } from '../tickets/StationTickets';

/** The chart library is a chunk of its own, fetched when the first chart is drawn. */
const TelemetryChart = lazy(() => import('./TelemetryChart'));
/** The water level's axis: a percentage, so 0 to 100 whatever the readings. */
const PERCENT: [number, number] = [0, 100];

type Texts = Translation<(typeof adminStation)['en']>;

/**
 * /admin/stations/$id: a station's history (the route's guard lets administrators and technicians in). Revenue, the
 * settings and the station's host are the administrator's: a technician's page leaves them out and counts uptime at
 * the default heartbeat interval.
 */
export function StationPage({ id }: { id: string }) {
  const t = useMessages(adminStation);
  const timeAgo = useTimeAgo();
  const isAdmin = useQuery(adminQueries.session()).data?.role === 'admin';
  const [range, setRange] = useState<StationRange>('day');
  // One "now" per range choice, so the queries of a range agree on its bounds.
  const to = useMemo(() => new Date(), [range]); // eslint-disable-line react-hooks/exhaustive-deps
  const from = useMemo(() => new Date(to.getTime() - stationRanges[range].hours * 3_600_000), [to, range]);

  const machine = useQuery(adminQueries.station(id));
  const readings = useQuery({ ...stationHistoryQueries.readings(id, range, to), enabled: machine.isSuccess });
  const purchases = useQuery({ ...stationHistoryQueries.purchases(id, from.toISOString()), enabled: machine.isSuccess && isAdmin });
  const events = useQuery({ ...adminQueries.stationEvents(id), enabled: machine.isSuccess });
  const settings = useQuery({ ...adminQueries.settings(), enabled: isAdmin });
  const heartbeatInterval = isAdmin ? settings.data?.heartbeatIntervalSeconds : HEARTBEAT_INTERVAL_SECONDS;

  if (machine.isPending) return <Frame t={t}><LoadingRows label={t.loading} /></Frame>;
  if (machine.isError) {
    const missing = machine.error instanceof ApiRequestError && machine.error.status === 404;
    return (
      <Frame t={t}>
        <EmptyState title={missing ? t.notFound : t.loadError}>
          {!missing && <Button className="mt-3" onClick={() => void machine.refetch()}>{t.retry}</Button>}
        </EmptyState>
      </Frame>
    );
  }
  const station = machine.data;
  const up = readings.data && heartbeatInterval ? uptime(intervalsHeard(readings.data, heartbeatInterval, stationRanges[range].step), { from, to }, station.createdAt, heartbeatInterval) : null;

  return (
    <Frame t={t} station={station}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="group" aria-label={t.rangeLabel} className="inline-flex self-start rounded-xl bg-slate-100 p-1 text-sm font-semibold">
          {(Object.keys(stationRanges) as StationRange[]).map((r) => (
            <button key={r} type="button" aria-pressed={range === r} onClick={() => setRange(r)}
              className={`rounded-lg px-3 py-1.5 ${range === r ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}>
              {t.ranges[r]}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <StationCheckIn stationId={id} variant="console" />
          <CsvExport id={id} from={from} to={to} t={t} />
        </div>
      </div>

      <div className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t.uptime} value={up ? formatPercent(up.percent) : '—'} hint={up ? t.uptimeHint(up.heartbeats, up.expected) : undefined} testId="uptime" />
        <Figure label={t.waterLevelNow} value={station.waterLevel === null ? '—' : `${station.waterLevel}%`} />
        <Figure label={t.lastHeartbeat} value={station.lastHeartbeat ? timeAgo(station.lastHeartbeat) : t.never} hint={station.lastHeartbeat ? formatDateTime(station.lastHeartbeat) : undefined} />
        <Figure label="TDS" value={station.quality ? `${formatInteger(station.quality.tdsPpm)} ppm` : '—'} hint={station.quality ? `${formatTemperature(station.quality.temperatureC)} °C` : undefined} />
      </div>

      {readings.isPending ? (
        <LoadingRows label={t.loadingReadings} />
      ) : readings.isError ? (
        <EmptyState title={t.loadError}><Button className="mt-3" onClick={() => void readings.refetch()}>{t.retry}</Button></EmptyState>
      ) : readings.data.length === 0 ? (
        <Card className="mt-4 p-6 text-sm text-slate-600">{t.noReadings}</Card>
      ) : (
        <Charts readings={readings.data} from={from} to={to} t={t} />
      )}

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <WaterSafetyCard id={id} t={t} />
        <StationTickets stationId={id} />
        <Card className="p-4 sm:p-5">
          <h2 className="font-semibold text-slate-900">{isAdmin ? t.daily : t.dailyVends}</h2>
          {readings.data && (purchases.data || !isAdmin) ? <Daily readings={readings.data} purchases={purchases.data ?? null} t={t} /> : <Spinner className="mt-3 h-5 w-5 text-brand-600" />}
        </Card>
        <Card className="p-4 sm:p-5">
          <h2 className="font-semibold text-slate-900">{t.events}</h2>
          {events.data ? <Events events={events.data} t={t} /> : <Spinner className="mt-3 h-5 w-5 text-brand-600" />}
        </Card>
        {isAdmin && purchases.data && <OfflineRefills purchases={purchases.data.purchases} t={t} />}
        {isAdmin && <HostLinkCard id={id} />}
        {isAdmin && <PublicListingCard machine={station} />}
      </div>
    </Frame>
  );
}

/** The station's console page: its name, status and id as the title, where it is and whether it can serve below. */
function Frame({ t, station, children }: { t: Texts; station?: Machine; children: React.ReactNode }) {
  return (
    <ConsoleSubpage
      back={t.back}
      wide
      title={station && t.title(station.name)}
      beside={station && <><MachineStatusBadge status={station.status} /><span className="font-mono text-xs text-slate-500">{station.id}</span></>}
      intro={station && (
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <p className="w-full">{station.location}</p>
          <AvailabilityLine station={station} t={t} />
          {station.pricePerLitre ? <StationPrice price={station.pricePerLitre} /> : null}
        </div>
      )}
    >
      {children}
    </ConsoleSubpage>
  );
}

/** Why the station cannot serve refills, if it cannot: offline (with the connection's reason), empty, locked. */
function AvailabilityLine({ station, t }: { station: Machine; t: Texts }) {
  const language = useLanguage();
  const why = availability(station);
  const a = t.availability;
  const c = station.connection;
  const text = why === 'available' ? null
    : why === 'empty' ? a.empty(station.waterLevel ?? 0)
    : why === 'locked' ? (station.waterCheck.lockedFor ? a.lockedSafety(t.safety.reasons[station.waterCheck.lockedFor]) : a.locked)
    : why === 'maintenance' ? a.maintenance
    : c?.state === 'disconnected' ? a.offline(formatDateTime(c.at), c.reason ? disconnectReasonIn(c.reason, language) : a.unknownReason)
    : c ? a.offlineConnected : a.offlineNever;
  if (!text) return null;
  return (
    <p data-availability={why} className={`w-full rounded-lg px-3 py-2 text-sm ${why === 'empty' ? 'bg-amber-50 text-amber-900' : why === 'offline' ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-700'}`}>
      {text}
      {/* A station that was provisioned and connected verifies pay codes itself (docs/station-protocol.md, "Offline vends"). */}
      {why === 'offline' && c && <span className="mt-1 block font-medium" data-testid="serving-offline">{a.servingOffline}</span>}
    </p>
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string | undefined; testId?: string }) {
  return (
    <Card className="p-3 sm:p-4">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-lg font-bold text-slate-900" data-testid={testId}>{value}</p>
      {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
    </Card>
  );
}

function Charts({ readings, from, to, t }: { readings: TelemetryReading[]; from: Date; to: Date; t: Texts }) {
  const range = useMemo((): [number, number] => [from.getTime() / 1000, to.getTime() / 1000], [from, to]);
  const times = useMemo(() => readings.map((r) => Date.parse(r.at) / 1000), [readings]);
  const series = useMemo(() => ({
    waterLevel: readings.map((r) => r.waterLevel),
    tds: readings.map((r) => r.tdsPpm),
    temperature: readings.map((r) => r.temperatureC),
    signal: readings.map((r) => r.signalDbm),
  }), [readings]);
  const charts = [
    { key: 'waterLevel', color: '#0284c7', unit: '%', bounds: PERCENT },
    { key: 'tds', color: '#7c3aed', unit: '', bounds: undefined },
    { key: 'temperature', color: '#ea580c', unit: '°', bounds: undefined },
    { key: 'signal', color: '#059669', unit: '', bounds: undefined },
  ] as const;
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      {charts.map((c) => (
        <Card key={c.key} className="p-4 sm:p-5">
          <h2 className="mb-2 text-sm font-semibold text-slate-800">{t.charts[c.key]}</h2>
          <Suspense fallback={<p className="flex h-[180px] items-center gap-2 text-sm text-slate-500"><Spinner className="h-4 w-4" /> {t.chartLoading}</p>}>
            <TelemetryChart label={t.charts[c.key]} times={times} values={series[c.key]} color={c.color} unit={c.unit} range={range} bounds={c.bounds} />
          </Suspense>
        </Card>
      ))}
    </div>
  );
}

/** Vends and litres per day; revenue too when the purchases are there (administrators only). */
function Daily({ readings, purchases, t }: { readings: TelemetryReading[]; purchases: Awaited<ReturnType<typeof purchasesSince>> | null; t: Texts }) {
  const days = dailyActivity(readings, purchases?.purchases ?? []);
  if (days.length === 0) return <p className="mt-3 text-sm text-slate-600">{t.noDaily}</p>;
  return (
    <>
      <table className="mt-3 w-full text-sm">
        <thead className="text-left text-xs text-slate-500">
          <tr><th className="py-1.5 font-medium">{t.dailyHead.day}</th><th className="py-1.5 text-right font-medium">{t.dailyHead.vends}</th><th className="py-1.5 text-right font-medium">{t.dailyHead.litres}</th>{purchases && <th className="py-1.5 text-right font-medium">{t.dailyHead.revenue}</th>}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {days.map((d) => (
            <tr key={d.day}><td className="py-1.5 whitespace-nowrap">{formatDay(d.day)}</td><td className="py-1.5 text-right">{formatInteger(d.vends)}</td><td className="py-1.5 text-right">{formatLitres(d.litres)}</td>{purchases && <td className="py-1.5 text-right">{formatRupiah(d.revenue)}</td>}</tr>
          ))}
        </tbody>
      </table>
      {purchases?.partial && <p className="mt-2 text-xs text-amber-700">{t.dailyPartial}</p>}
    </>
  );
}

/**
 * The refills the station served without its connection in the range, as it delivered them on reconnecting
 * (docs/station-protocol.md, "Offline vends"): when each was charged, how much water and what it cost.
 */
function OfflineRefills({ purchases, t }: { purchases: Awaited<ReturnType<typeof purchasesSince>>['purchases']; t: Texts }) {
  const offline = purchases.filter((p) => p.offline);
  return (
    <Card className="p-4 sm:p-5">
      <section aria-label={t.offlineRefills.title} data-testid="offline-refills">
        <h2 className="font-semibold text-slate-900">{t.offlineRefills.title}</h2>
        <p className="mt-1 text-xs text-slate-500">{t.offlineRefills.text}</p>
        {offline.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t.offlineRefills.none}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {offline.slice(0, OFFLINE_REFILLS_SHOWN).map((p) => (
              <li key={p.id} className="flex justify-between gap-3 py-1.5">
                <span className="text-slate-600">{formatDateTime(p.createdAt)}</span>
                <span className="text-right text-slate-900">{p.volume === null ? '' : `${formatLitres(p.volume, 2)} · `}{formatRupiah(p.amount)}</span>
              </li>
            ))}
          </ul>
        )}
        {offline.length > OFFLINE_REFILLS_SHOWN && <p className="mt-2 text-xs text-slate-500">{t.offlineRefills.more(offline.length - OFFLINE_REFILLS_SHOWN)}</p>}
      </section>
    </Card>
  );
}
const OFFLINE_REFILLS_SHOWN = 10;

/** The station's own price, set by a remote command it applied (else the settings' price applies). */
function StationPrice({ price }: { price: number }) {
  const t = useMessages(adminCommands);
  return <p className="w-full text-sm font-medium text-slate-700" data-testid="station-price">{t.stationPrice(formatRupiah(price))}</p>;
}

function Events({ events, t }: { events: StationEvent[]; t: Texts }) {
  const checkedInBy = useMessages(consoleRoles).checkedInBy;
  const commandEvent = useMessages(adminCommands).commandEvent;
  const language = useLanguage();
  if (events.length === 0) return <p className="mt-3 text-sm text-slate-600">{t.noEvents}</p>;
  const reason = (r: string | null) => (r === null ? null : disconnectReasonIn(r, language));
  return (
    <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label={t.events}>
      {events.map((e) => (
        <li key={`${e.at}-${e.kind}`} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
          <span className={e.kind === 'connected' ? 'font-medium text-emerald-700' : e.kind === 'checkedIn' ? 'font-medium text-sky-800' : e.kind === 'command' ? 'font-medium text-violet-800' : 'font-medium text-red-700'}>
            {e.kind === 'connected' ? t.connected : e.kind === 'checkedIn' ? checkedInBy(e.by?.replace(/^\w+:/, '') ?? '?') : e.kind === 'command' ? commandEvent(e.reason ?? '') : t.disconnected}
            {e.kind === 'disconnected' && reason(e.reason) ? <span className="font-normal text-slate-600">: {reason(e.reason)}</span> : null}
          </span>
          <time dateTime={e.at} className="text-xs text-slate-500">{formatDateTime(e.at)}</time>
        </li>
      ))}
    </ul>
  );
}

/** Every reading of the range (not the chart's buckets) as CSV, page after page with a count as it goes. */
function CsvExport({ id, from, to, t }: { id: string; from: Date; to: Date; t: Texts }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setFailed(false);
    setProgress(0);
    try {
      const readings = await allReadings(id, { from: from.toISOString(), to: to.toISOString() }, setProgress);
      const rows = readings.map((r) => [r.at, r.waterLevel, r.tdsPpm, r.temperatureC, r.dispensedMl, r.vends, r.failures, r.signalDbm]);
      downloadText(csvFileName(`station-${id}`), toCsv({ header: [...t.csvHead], rows }), 'text/csv;charset=utf-8');
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="flex items-center gap-3">
      {failed && <p role="alert" className="text-xs text-red-700">{t.exportFailed}</p>}
      <Button variant="secondary" icon={<DownloadIcon size={16} />} disabled={progress !== null} onClick={() => void run()}>
        {progress === null ? t.exportCsv : t.exporting(progress)}
      </Button>
    </div>
  );
}
