/** Bali's time zone (WITA, UTC+8 all year): every date a person enters or reads is Bali's unless it says otherwise. */
export const BALI_TIME_ZONE = 'Asia/Makassar';

// Made on first use (a locale's data costs milliseconds at a function's init).
let dayFormat: Intl.DateTimeFormat | undefined;

/** The calendar day in Bali of an instant, as YYYY-MM-DD (06:00 in Bali is still that day, though UTC says the day before). */
export function baliDate(at: Date | string = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: BALI_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return dayFormat.format(typeof at === 'string' ? new Date(at) : at);
}

/** Bali keeps UTC+8 all year (no daylight saving). */
const BALI_OFFSET_MS = 8 * 3_600_000;

/** The hour (0-23) on Bali's clock: what a greeting goes by, whatever the phone's zone. */
export const baliHour = (now: Date = new Date()): number => new Date(now.getTime() + BALI_OFFSET_MS).getUTCHours();

/** The instant Bali's day (YYYY-MM-DD) begins, as ISO: 2026-11-01 begins at 2026-10-31T16:00:00.000Z. */
export function baliDayStart(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) - BALI_OFFSET_MS).toISOString();
}

/** The instant Bali's day (YYYY-MM-DD) ends (the next one begins), as ISO. */
export const baliDayEnd = (day: string): string => new Date(Date.parse(baliDayStart(day)) + 86_400_000).toISOString();

/** An instant as Bali's wall clock, for files read by people and spreadsheets: 2026-11-28 06:00:12. */
export const baliDateTime = (iso: string): string => new Date(Date.parse(iso) + BALI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** This month in Bali so far, as a range of days: from its 1st to today. */
export function baliMonthSoFar(now: Date = new Date()): { from: string; to: string } {
  const today = baliDate(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}
