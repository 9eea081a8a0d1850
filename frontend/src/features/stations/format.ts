import type { Language } from '@shared/language';
import { localeOf } from '../../i18n/language';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** '2 days ago' / '2 hari yang lalu'; null when the date is unknown or unreadable. */
export function relativeTime(iso: string | null, language: Language, now = Date.now()): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const diff = time - now;
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return format.format(Math.round(diff / ms), unit);
  }
  return format.format(0, 'minute');
}

/** One decimal (docs/design.md, "Screens and routes"): '2.3 km'. */
export const formatKm = (km: number, language: Language) =>
  `${new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(km)} km`;

/** A calendar day, '21 Nov 2026' / '21 Nov 2026' in the language's own form; null when unknown or unreadable. */
export function formatDay(day: string | null, language: Language): string | null {
  if (!day) return null;
  const time = Date.parse(day.length === 10 ? `${day}T00:00:00Z` : day);
  if (Number.isNaN(time)) return null;
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(time);
}
