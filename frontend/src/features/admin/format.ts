import { BALI_TIME_ZONE } from '@shared/bali-time';
import { LOCALE } from '@shared/constants';
import { formatRupiah, rupiahToPoints } from '@shared/money';
import { adminConsole } from '../../i18n/admin-console';
import { useMessages, type Translation } from '../../i18n/messages';

export { formatRupiah, rupiahToPoints };

const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const litres = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
// On Bali's clock wherever the browser is (a phone set to UTC, a laptop abroad).
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: BALI_TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: BALI_TIME_ZONE });

/** Whole numbers with Indonesian separators: 1.234. */
export const formatInteger = (n: number) => integer.format(n);
/** Litres with at most one decimal, Indonesian separators: 1.234,5 L. */
export const formatLitres = (n: number) => `${litres.format(n)} L`;
export const formatPoints = (rupiah: number) => `${integer.format(rupiahToPoints(rupiah))} pts`;

/** Dates in the Indonesian locale (docs/design.md, "Constants"), in Bali's time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTime.format(d);
}
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateOnly.format(d);
}

type AgoTexts = Translation<(typeof adminConsole)['en']>['ago'];

/** '5 min ago', '3 h ago', '2 days ago'; 'Never' when there is no time (English unless given the texts of a language). */
export function timeAgo(iso: string | null | undefined, now = Date.now(), texts: AgoTexts = adminConsole.en.ago): string {
  if (!iso) return texts.never;
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds)) return texts.never;
  if (seconds < 45) return texts.justNow;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return texts.minutes(minutes);
  const hours = Math.round(minutes / 60);
  if (hours < 24) return texts.hours(hours);
  return texts.days(Math.round(hours / 24));
}

/** timeAgo in the chosen language. */
export function useTimeAgo(): (iso: string | null | undefined) => string {
  const texts = useMessages(adminConsole).ago;
  return (iso) => timeAgo(iso, Date.now(), texts);
}

/** Edit User balance (docs/design.md, "Validation"): a whole number of points, minimum 0; anything that is not a number becomes 0. */
export function parsePoints(text: string): number {
  const n = Math.floor(Number(text.trim() === '' ? Number.NaN : text));
  return Number.isFinite(n) && n > 0 ? n : 0;
}
