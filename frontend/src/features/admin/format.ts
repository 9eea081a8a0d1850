import { formatDate as dateIn, formatDateTime as dateTimeIn, formatDay as dayIn, formatKg as kgIn, formatLitres as litresIn, formatNumber, formatPercent as percentIn, formatTemperature as temperatureIn } from '@shared/format';
import { formatRupiah, parseRupiah, rupiahToPoints } from '@shared/money';
import { adminConsole } from '../../i18n/admin-console';
import { getLanguage } from '../../i18n/language';
import { useMessages, type Translation } from '../../i18n/messages';

export { formatRupiah, parseRupiah, rupiahToPoints };

// In the console's language (shared/format.ts): a language switch renders the page again, which reads it anew.

/** Whole numbers: 1,234 / 1.234. */
export const formatInteger = (n: number) => formatNumber(n, getLanguage());
/** Litres with at most one decimal unless told: 1,234.5 L / 1.234,5 L. */
export const formatLitres = (n: number, maximumFractionDigits = 1) => litresIn(n, getLanguage(), maximumFractionDigits);
/** 0.25 kg / 0,25 kg. */
export const formatKg = (n: number) => kgIn(n, getLanguage());
/** 99.5% / 99,5%. */
export const formatPercent = (n: number) => percentIn(n, getLanguage());
/** A water temperature's degrees: 27.5 / 27,5. */
export const formatTemperature = (n: number) => temperatureIn(n, getLanguage());
export const formatPoints = (rupiah: number) => `${formatInteger(rupiahToPoints(rupiah))} pts`;

/** A date and time on Bali's clock wherever the browser is (a phone set to UTC, a laptop abroad); '—' when none. */
export const formatDateTime = (iso: string | null | undefined): string => dateTimeIn(iso, getLanguage()) ?? '—';
export const formatDate = (iso: string | null | undefined): string => dateIn(iso, getLanguage()) ?? '—';
/** A calendar day as recorded (YYYY-MM-DD, Bali's): '28 Nov 2026'; as given when it is not one. */
export const formatDay = (day: string): string => dayIn(day, getLanguage()) ?? day;

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
