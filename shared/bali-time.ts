/** Bali's time zone (WITA, UTC+8 all year): every date a person enters or reads is Bali's unless it says otherwise. */
export const BALI_TIME_ZONE = 'Asia/Makassar';

// Made on first use (a locale's data costs milliseconds at a function's init).
let dayFormat: Intl.DateTimeFormat | undefined;

/** The calendar day in Bali of an instant, as YYYY-MM-DD (06:00 in Bali is still that day, though UTC says the day before). */
export function baliDate(at: Date | string = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: BALI_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return dayFormat.format(typeof at === 'string' ? new Date(at) : at);
}
