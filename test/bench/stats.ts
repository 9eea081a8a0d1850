/** Small statistics helpers for the benchmarks. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
export const median = (values: number[]) => percentile(values, 50);
export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export interface Figure {
  group: string;
  figure: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. '<= 1.3x'. */
  target?: string;
  /** value / baseline, where a baseline was measured in the same run. */
  ratio?: number;
  baseline?: number;
  /** Whether the target was met (undefined when there is no target). */
  pass?: boolean;
}
