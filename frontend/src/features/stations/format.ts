import { formatDate, formatDay as formatCalendarDay, formatNumber } from '@shared/format';
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

/** One decimal (docs/design.md, "Screens and routes"): '2.3 km' / '2,3 km'. */
export const formatKm = (km: number, language: Language) => `${formatNumber(km, language, 1, 1)} km`;

/** A calendar day (YYYY-MM-DD), or an instant's day in Bali, in the language's form: '21 Nov 2026'; null when unknown or unreadable. */
export const formatDay = (day: string | null, language: Language): string | null =>
  day?.length === 10 ? formatCalendarDay(day, language) : formatDate(day, language);
