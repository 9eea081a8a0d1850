/** The calendar day `n` days after `day` (YYYY-MM-DD; a negative `n` goes back): calendar arithmetic, the same in every time zone. */
export function shiftDay(day: string, n: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + n)).toISOString().slice(0, 10);
}

/** The day the Book page shows: the one asked for, or today in Bali when none was or it has not begun yet. */
export const shownDay = (asked: string | undefined, today: string): string => (asked && asked <= today ? asked : today);
