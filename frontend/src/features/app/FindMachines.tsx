import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatRupiah } from '@shared/money';
import type { Machine } from '@shared/schemas/machine';
import { stationQuery } from '../../api/station';
import { useStationsAround, type StationsIn } from '../../api/stations';
import { appTexts } from '../../i18n/app';
import { useMessages } from '../../i18n/messages';
import { CloseIcon, NavigationIcon, PinIcon } from './icons';
import { byDistance, directionsUrl, formatDistance, STATUS_STYLE, usePosition, type PlacedMachine } from './machines';
import { SchematicMap } from './SchematicMap';
import { Card } from '@frontend/components/ui';
import { ScreenHeader } from './ScreenHeader';
import { LoadingState } from './LoadingState';

/** Machines listed before 'Show all'. */
const LIST_LENGTH = 8;

function StatusPill({ status }: { status: PlacedMachine['machine']['status'] }) {
  const style = STATUS_STYLE[status];
  const label = useMessages(appTexts).status[status];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ${style.bg} ${style.text}`}>
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${style.dot}`} />
      {label}
    </span>
  );
}

/** One machine in a list: status dot, name, address and distance. */
export function MachineListItem({ placed, onSelect, selected, rank }: { placed: PlacedMachine; onSelect?: () => void; selected?: boolean; rank?: number }) {
  const { machine, distanceKm } = placed;
  const t = useMessages(appTexts).map;
  const price = formatRupiah(machine.effectivePricePerLitre);
  const body = (
    <>
      <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-sm font-bold text-brand-700">
        {rank ?? <PinIcon size={20} />}
      </span>
      <span className="min-w-0 flex-1 text-left">
        <span className="block truncate text-sm font-semibold text-slate-900">{machine.name}</span>
        <span className="block truncate text-xs text-slate-500">{machine.location}</span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <StatusPill status={machine.status} />
        <span className="text-xs font-medium text-slate-600" data-testid="price-per-litre"><span aria-hidden="true">{t.perLitre(price)}</span><span className="sr-only">{t.perLitreLabel(price)}</span></span>
        {distanceKm !== null && <span className="text-xs font-medium text-slate-500">{formatDistance(distanceKm)}</span>}
      </span>
    </>
  );
  return (
    <li>
      {onSelect ? (
        <button type="button" onClick={onSelect} aria-pressed={selected} className={`flex w-full items-center gap-3 rounded-xl px-2 py-2.5 transition hover:bg-slate-50 ${selected ? 'bg-brand-50/60' : ''}`}>
          {body}
        </button>
      ) : (
        <div className="flex items-center gap-3 py-2.5">{body}</div>
      )}
    </li>
  );
}

function MachineDetail({ placed, onClose }: { placed: PlacedMachine; onClose: () => void }) {
  const { machine, position, distanceKm } = placed;
  const t = useMessages(appTexts).map;
  return (
    <Card variant="app" className="animate-fade-in">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-bold text-slate-900">{machine.name}</h3>
          <p className="mt-0.5 text-sm text-slate-500">{machine.location}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <StatusPill status={machine.status} />
            {distanceKm !== null && <span>{t.away(formatDistance(distanceKm))}</span>}
            {machine.waterLevel !== null && <span>{t.water(Math.round(machine.waterLevel))}</span>}
            <span data-testid="price-per-litre">{t.perLitreLabel(formatRupiah(machine.effectivePricePerLitre))}</span>
          </div>
        </div>
        <button type="button" onClick={onClose} aria-label={t.closeDetails} className="-mt-1 -mr-1 flex h-8 w-8 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100">
          <CloseIcon size={18} />
        </button>
      </div>
      <a
        href={directionsUrl(machine, position)}
        target="_blank"
        rel="noreferrer"
        className="mt-4 flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 active:scale-[0.99]"
      >
        <NavigationIcon size={18} />
        {t.navigate}
      </a>
    </Card>
  );
}

/**
 * The stations around the person, and the one a link opened the map on (`/app/map?machine=`) when those do not hold
 * it: when the list is tiled, a station far away is in no tile loaded here, so it is asked for by id.
 */
function useWithLinkedStation(stations: StationsIn, linkedId: string | undefined): Machine[] {
  const around = stations.machines ?? [];
  const missing = linkedId !== undefined && stations.machines !== undefined && !stations.isLoading && !around.some((m) => m.id === linkedId);
  const linked = useQuery({ ...stationQuery(linkedId ?? ''), enabled: missing });
  return missing && linked.data ? [...around, linked.data] : around;
}

/**
 * Find Machines: the schematic map with up to three markers (nearest first when the position is known),
 * a detail card for the selected machine with Navigate, and the Nearby Machines list. Used by /app/map and
 * by the home screen's full-screen map overlay.
 */
export function FindMachines({ onBack, initialMachineId }: { onBack?: () => void; initialMachineId?: string }) {
  const t = useMessages(appTexts).map;
  const position = usePosition();
  const stations = useStationsAround(position);
  const machines = useWithLinkedStation(stations, initialMachineId);
  const [selectedId, setSelectedId] = useState<string | null>(initialMachineId ?? null);
  const [showAll, setShowAll] = useState(false);
  const placed = byDistance(machines, position);
  const selected = placed.find((p) => p.machine.id === selectedId) ?? null;

  return (
    <>
      <ScreenHeader title={t.title} back="/app" onBack={onBack} />
      <div className="space-y-4 px-4">
        {stations.isPending ? (
          <LoadingState what="map" />
        ) : stations.isError ? (
          <Card variant="app"><p className="text-sm text-red-700">{t.failed}</p></Card>
        ) : (
          <>
            <SchematicMap machines={placed} user={position} selectedId={selectedId} onSelect={setSelectedId} />
            {selected ? (
              <MachineDetail placed={selected} onClose={() => setSelectedId(null)} />
            ) : (
              <p className="px-1 text-center text-xs text-slate-500">{t.tapHint}</p>
            )}
            <Card variant="app">
              <h2 className="mb-1 text-base font-semibold text-slate-900">{t.nearby}</h2>
              {placed.length === 0 ? (
                <p className="py-4 text-sm text-slate-500">{t.none}</p>
              ) : (
                <>
                  <ul className="-mx-2 divide-y divide-slate-100" aria-label={t.nearbyList}>
                    {(showAll ? placed : placed.slice(0, LIST_LENGTH)).map((p, i) => (
                      <MachineListItem key={p.machine.id} placed={p} rank={i < 3 ? i + 1 : undefined} selected={p.machine.id === selectedId} onSelect={() => {
                        setSelectedId(p.machine.id);
                        window.scrollTo({ top: 0, behavior: 'smooth' });
                      }} />
                    ))}
                  </ul>
                  {!showAll && placed.length > LIST_LENGTH && (
                    <button type="button" onClick={() => setShowAll(true)} className="mt-2 w-full rounded-xl bg-slate-50 py-2.5 text-sm font-semibold text-brand-700 hover:bg-slate-100">
                      {t.showAll(placed.length)}
                    </button>
                  )}
                </>
              )}
            </Card>
          </>
        )}
      </div>
    </>
  );
}
