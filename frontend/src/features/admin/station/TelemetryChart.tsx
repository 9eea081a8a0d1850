import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { BALI_TIME_ZONE } from '@shared/bali-time';
import { localeOf, useLanguage } from '@frontend/i18n/language';
import { timeAxisLabels } from './time-axis';

/**
 * One line chart of a station's readings (uPlot: canvas, about 50 kB). This module is loaded only by the station
 * page, on demand (React.lazy), so the chart library never weighs on another page's first load.
 */
export default function TelemetryChart({ label, times, values, color, unit, range, bounds }: {
  label: string;
  /** Fixed bounds of the value axis (a percentage is 0 to 100 whatever the readings); otherwise fitted to them. */
  bounds?: [number, number];
  /** The range shown (epoch seconds), whatever the readings cover. */
  range: [number, number];
  /** Epoch seconds, ascending. */
  times: number[];
  values: (number | null)[];
  color: string;
  unit: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const locale = localeOf(useLanguage());
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(240, element.clientWidth);
    const chart = new uPlot({
      width: width(),
      height: 180,
      legend: { show: false },
      // Ticks on Bali's hours and days, whatever the browser's zone (the labels are Bali's too: time-axis.ts).
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), BALI_TIME_ZONE),
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true, auto: false, range: () => range }, ...(bounds && { y: { auto: false, range: () => bounds } }) },
      axes: [{ stroke: '#64748b', grid: { stroke: '#f1f5f9' }, values: (_u, splits, _axis, _space, increment) => timeAxisLabels(locale, splits, increment) }, { stroke: '#64748b', grid: { stroke: '#f1f5f9' }, size: 60, values: (_u, ticks) => ticks.map((t) => `${t}${unit}`) }],
      series: [{}, { label, stroke: color, width: 2, fill: `${color}1a`, spanGaps: false, points: { show: times.length < 60, size: 5 } }],
    }, [times, values], element);
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: 180 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [times, values, color, label, unit, range, bounds, locale]);
  return <div ref={box} role="img" aria-label={label} data-points={times.length} className="w-full overflow-hidden" />;
}
