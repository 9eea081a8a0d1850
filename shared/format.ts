import { BALI_TIME_ZONE } from './bali-time';
import { localeOf, type Language } from './language';

/**
 * The one home of how numbers, dates and times read in each language (docs/design.md, "Money and units"): English in
 * its style ('1,234.5 L', '0.25 kg', '28 Nov 2026, 06:05'), Bahasa Indonesia in its own ('1.234,5 L', '0,25 kg',
 * '28 Nov 2026, 06.05'), every time on Bali's clock (WITA) whatever the device's zone. Money is `formatRupiah`
 * (shared/money.ts): 'Rp 1.000' in both, as the spec fixes it.
 */

// Made on first use and kept: a locale's data costs milliseconds to load (docs/scale.md, "Functions").
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(language: Language, minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `n:${language}:${minimumFractionDigits}:${maximumFractionDigits}`;
  let format = made.get(key) as Intl.NumberFormat | undefined;
  if (!format) made.set(key, (format = new Intl.NumberFormat(localeOf(language), { minimumFractionDigits, maximumFractionDigits })));
  return format;
}
function dateFormat(language: Language, style: 'dateTime' | 'date' | 'time' | 'day'): Intl.DateTimeFormat {
  const key = `d:${language}:${style}`;
  let format = made.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    const options = ({
      dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: BALI_TIME_ZONE },
      date: { day: 'numeric', month: 'short', year: 'numeric', timeZone: BALI_TIME_ZONE },
      time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: BALI_TIME_ZONE },
      // A calendar day (YYYY-MM-DD) is already Bali's: read as the UTC midnight it is written as.
      day: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
    } satisfies Record<typeof style, Intl.DateTimeFormatOptions>)[style];
    made.set(key, (format = new Intl.DateTimeFormat(localeOf(language), options)));
  }
  return format;
}

/** A number with at most `maximumFractionDigits` decimals (and at least `minimumFractionDigits`): '1,234.5' / '1.234,5'. */
export const formatNumber = (n: number, language: Language, maximumFractionDigits = 0, minimumFractionDigits = 0) =>
  numberFormat(language, minimumFractionDigits, maximumFractionDigits).format(n);

/** Litres, at most two decimals unless told: '1.5 L' / '1,5 L'. */
export const formatLitres = (litres: number, language: Language, maximumFractionDigits = 2) => `${formatNumber(litres, language, maximumFractionDigits)} L`;

/** Kilograms, at most two decimals: '0.25 kg' / '0,25 kg'. */
export const formatKg = (kg: number, language: Language) => `${formatNumber(kg, language, 2)} kg`;

/** A percentage, at most one decimal: '99.5%' / '99,5%'. */
export const formatPercent = (percent: number, language: Language) => `${formatNumber(percent, language, 1)}%`;

/** A water temperature's degrees, at most one decimal: '27.5' / '27,5' (the text writes the unit). */
export const formatTemperature = (celsius: number, language: Language) => formatNumber(celsius, language, 1);

const instant = (at: string | Date | null | undefined): Date | null => {
  if (at === null || at === undefined || at === '') return null;
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** An instant's date and time in Bali: '28 Nov 2026, 06:05' / '28 Nov 2026, 06.05'; null when unknown or unreadable. */
export function formatDateTime(at: string | Date | null | undefined, language: Language): string | null {
  const date = instant(at);
  return date && dateFormat(language, 'dateTime').format(date);
}

/**
 * An instant on Bali's clock naming its zone, for what may be read elsewhere (an e-mail): '28 Nov 2026, 06:05 WITA';
 * as given when unreadable.
 */
export const formatBaliStamp = (at: string, language: Language): string => {
  const dateTime = formatDateTime(at, language);
  return dateTime ? `${dateTime} WITA` : at;
};

/** An instant's date in Bali: '28 Nov 2026'; null when unknown or unreadable. */
export function formatDate(at: string | Date | null | undefined, language: Language): string | null {
  const date = instant(at);
  return date && dateFormat(language, 'date').format(date);
}

/** An instant's time of day in Bali: '06:05' / '06.05'; null when unknown or unreadable. */
export function formatTime(at: string | Date | null | undefined, language: Language): string | null {
  const date = instant(at);
  return date && dateFormat(language, 'time').format(date);
}

/** A calendar day as written (YYYY-MM-DD, already Bali's), in the language's form: '21 Nov 2026'; null when unreadable. */
export function formatDay(day: string | null | undefined, language: Language): string | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : dateFormat(language, 'day').format(date);
}
