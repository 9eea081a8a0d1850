import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { formatRupiah, priceOfMillilitres } from '@shared/money';
import type { Machine } from '@shared/schemas/machine';
import { isTiledStationList, type StationListFile } from '@shared/station-tiles';
import { okJson, startFirstPaint } from '../../first-paint-data';
import { guestTexts } from '../../i18n/guest';
import { formatTemperature } from '@shared/format';
import { formatLitresShort } from './format';
import {
  choiceClass,
  defaultSizeOf,
  fillSizesOf,
  levelBarClass,
  maxFillOf,
  rememberedGuestOrder,
  volumeOf,
} from './station-view';

/**
 * The station page's first paint (docs/architecture.md, "The station page's first paint"): an inline script of
 * station.html, the one prerendered frame of every `/s/{stationId}`, built by frontend/vite.config.ts. Before any of the
 * app's code has loaded, it loads the station from the list the edge serves (GET /api/machines/{id} when the list is
 * tiled or does not hold it: a hidden station) and writes it into the frame's `data-fill` marks, in English as the
 * prerendered pages are. The app's first render takes the same station (startFirstPaint) and replaces the
 * frame with the same page.
 */

async function loadStation(id: string): Promise<Machine | null> {
  try {
    // Revalidated as the app's station list is (src/api/stations.ts), so the two share the browser's cached copy.
    const list = await fetch(STATION_LIST_SNAPSHOT_PATH, { cache: 'no-cache', headers: { accept: 'application/json' } });
    const file = await okJson<StationListFile>(list);
    const listed = !file || isTiledStationList(file) ? undefined : file.find((station) => station.id === id);
    if (listed) return listed;
    const one = await fetch(`/api/machines/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } });
    return await okJson<Machine>(one);
  } catch {
    // No network: the app's page says so once it runs.
    return null;
  }
}

function fill(frame: Element, station: Machine) {
  const t = guestTexts.en;
  const slot = (name: string) => frame.querySelector<HTMLElement>(`[data-fill="${name}"]`)!;
  const write = (name: string, text: string) => void (slot(name).textContent = text);
  // The frame has the badge of each status it knew when it was built; a status newer than that is left to the app.
  const badge = frame.querySelector(`[data-fill="status-${station.status}"]`);
  if (!badge) return;

  write('title', t.pageTitle(station.name));
  write('location', station.location);
  slot('status').replaceChildren(badge.firstElementChild!.cloneNode(true));

  const level = station.waterLevel;
  write('level', level === null ? t.unknown : `${level}%`);
  slot('level-bar').hidden = level === null;
  if (level !== null) {
    const bar = slot('level-bar').firstElementChild as HTMLElement;
    bar.className = `block h-full rounded-full ${levelBarClass(level)}`;
    bar.style.width = `${level}%`;
  }
  if (station.quality) {
    write('tds', t.tds(station.quality.tdsPpm));
    write('temperature', t.temperature(formatTemperature(station.quality.temperatureC, 'en')));
  } else {
    write('quality', t.unknown);
  }

  const price = station.effectivePricePerLitre;
  write('per-litre', t.perLitre(formatRupiah(price)));
  const offered = new Set<string>(fillSizesOf(station).map(String));
  const chosen = String(defaultSizeOf(station));
  for (const choice of frame.querySelectorAll<HTMLLabelElement>('[data-fill-size]')) {
    const size = choice.dataset.fillSize!;
    if (size !== 'fill' && !offered.has(size)) {
      choice.remove();
      continue;
    }
    choice.className = choice.className.replace(choiceClass(size !== chosen), choiceClass(size === chosen));
    choice.querySelector('input')!.checked = size === chosen;
    if (size !== 'fill') choice.querySelector<HTMLElement>('[data-fill="size-price"]')!.textContent = formatRupiah(priceOfMillilitres(Number(size), price));
  }
  write('fill-hint', t.fillMyBottleHint(formatLitresShort(maxFillOf(station), 'en')));
  write('pay', t.pay(formatRupiah(priceOfMillilitres(volumeOf(defaultSizeOf(station), station), price))));

  // An order in progress (the page reloaded during one) shows its progress, which needs the app: no form meanwhile.
  const ordering = (() => {
    try {
      return rememberedGuestOrder(station.id) !== null;
    } catch {
      return false;
    }
  })();
  // What is chosen or typed here would be lost when the app replaces the frame, and a payment needs the app: the form
  // is to read until then (the pay button shows it, paler).
  for (const control of slot('order').querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button')) control.disabled = true;
  slot('order').hidden = ordering || station.status !== 'online';
  slot('unavailable').hidden = ordering || station.status === 'online';
  slot('offline-app').hidden = station.status !== 'offline';
  slot('loading').hidden = true;
  slot('station').hidden = false;
}

startFirstPaint(loadStation, fill);
