import { BALI_TIME_ZONE } from '@shared/bali-time';

/**
 * The labels of a chart's time axis in the page's locale (uPlot's own are English): hours and minutes while the
 * ticks are less than a day apart, the first tick of each day with its date under it; only dates beyond that.
 * Bali's clock, where the chart places its ticks (TelemetryChart's tzDate), whatever the browser's zone.
 */
export function timeAxisLabels(locale: string, splits: readonly number[], incrementSeconds: number): string[] {
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: BALI_TIME_ZONE });
  if (incrementSeconds >= 86_400) return splits.map((s) => day.format(s * 1000));
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: BALI_TIME_ZONE });
  let previousDay = '';
  return splits.map((s) => {
    const date = day.format(s * 1000);
    const label = date === previousDay ? time.format(s * 1000) : `${time.format(s * 1000)}\n${date}`;
    previousDay = date;
    return label;
  });
}
