import { DEFAULT_MAX_FILL_ML, GUEST_FILL_SIZES_ML, PAYMENT_RETURN_PARAMS } from '@shared/constants';
import type { Machine } from '@shared/schemas/machine';

/**
 * What the station's sticker page shows of a station, for its React page (GuestStationPage.tsx) and for its first
 * paint (station-first-paint.ts), which fills the prerendered frame before any of the app's code has loaded
 * (docs/architecture.md, "The station page's first paint"). No React here: the first paint is a small inline script.
 */

/** The station's fields the page shows. */
export type StationShown = Pick<Machine, 'id' | 'name' | 'location' | 'status' | 'waterLevel' | 'quality' | 'effectivePricePerLitre' | 'maxFillMl'>;

/** A fill size in millilitres, or the station's largest refill ("fill my bottle"). */
export type FillSize = number | 'fill';

export const maxFillOf = (station: StationShown) => station.maxFillMl ?? DEFAULT_MAX_FILL_ML;

/** The fill sizes offered: those the station dispenses at once. */
export const fillSizesOf = (station: StationShown): number[] => GUEST_FILL_SIZES_ML.filter((ml) => ml <= maxFillOf(station));

/** The size chosen when the page opens: the largest offered, else "fill my bottle". */
export const defaultSizeOf = (station: StationShown): FillSize => fillSizesOf(station).at(-1) ?? 'fill';

export const volumeOf = (size: FillSize, station: StationShown) => (size === 'fill' ? maxFillOf(station) : size);

/** The water level's bar: red below 20 %, amber below 50 %. */
export const levelBarClass = (level: number) => (level < 20 ? 'bg-red-600' : level < 50 ? 'bg-amber-600' : 'bg-brand-600');

/** A choice of the order form (a fill size, a payment method), chosen or not. */
export const choiceClass = (active: boolean) =>
  `relative flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm font-semibold ring-1 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 ${
    active ? 'bg-brand-50 text-brand-900 ring-2 ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:ring-brand-600'
  }`;

/**
 * The order in progress at a station, kept for a reload of the page (this tab's sessionStorage) and for the payment
 * gateway's return (the browser's localStorage: a phone may open the return in a new tab).
 */
const guestOrderStorageKey = (stationId: string) => `bali-refill.guest-order.${stationId}`;

/** Keeps the receipt id (with its secret) of the order started at the station, or forgets it (null). */
export function rememberGuestOrder(stationId: string, receiptId: string | null) {
  for (const storage of [sessionStorage, localStorage]) {
    if (receiptId) storage.setItem(guestOrderStorageKey(stationId), receiptId);
    else storage.removeItem(guestOrderStorageKey(stationId));
  }
}

/**
 * The order this tab started at the station, or, back from paying in another app (the gateway's return,
 * /s/{stationId}?returned=1), the order this browser started there last. The return's address carries no receipt
 * secret (functions/wallet/domain/payment-orders.ts, returnPathOf): the order is found here.
 */
export function rememberedGuestOrder(stationId: string): string | null {
  const key = guestOrderStorageKey(stationId);
  const returned = new URLSearchParams(window.location.search).has(PAYMENT_RETURN_PARAMS.station);
  return sessionStorage.getItem(key) ?? (returned ? localStorage.getItem(key) : null);
}
