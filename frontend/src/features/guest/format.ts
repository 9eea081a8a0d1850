import { localeOf, type Language } from '@shared/language';

/** Litres to the millilitre, as the station meters them: '1.234 L' (English), '1,234 L' (Indonesian). */
export const formatMillilitres = (ml: number, language: Language) =>
  `${new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(ml / 1000)} L`;

/** A fill size: '0.5 L', '1 L' (English), '0,5 L' (Indonesian). */
export const formatLitresShort = (ml: number, language: Language) => new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(ml / 1000);

/** A water temperature's degrees: '27.5' (English), '27,5' (Indonesian). */
export const formatTemperature = (celsius: number, language: Language) => new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(celsius);

/** Bali's time zone (WITA): a receipt's date is the island's, whatever the phone's zone. */
const BALI_TIME_ZONE = 'Asia/Makassar';

/** A date and time in Bali: '27 Nov 2026, 06.05' (Indonesian), 'Nov 27, 2026, 6:05 AM' (English). */
export const formatBaliDateTime = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: BALI_TIME_ZONE }).format(new Date(iso));
