import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { round, type ProcSample } from './scale-shared';

/** The scale run's report tables (test/bench/scale.ts): the steady state over time, each process's resources, the machine. */

export type Phase = 'start' | 'seed' | 'certs' | 'ramp' | 'settle' | 'steady' | 'verify' | 'stop';
export type ProcName = 'stack' | 'stations' | 'dynamodb' | 'verifier' | 'machine';

/** What the run records as it goes: each process's samples (with the phase), the stations' counts, handler error times. */
export interface RunRecord {
  samples: Record<ProcName, (ProcSample & { phase: Phase })[]>;
  stationCounts: { t: number; sent: number; acked: number }[];
  errorTimes: number[];
}

/** The steady state in 20 s windows, from the samples of each process. */
export function steadyTimeline(from: number, to: number, { samples, stationCounts, errorTimes }: RunRecord) {
  const rows: Record<string, number | string>[] = [];
  const mean = (list: ProcSample[], pick: (s: ProcSample) => number | undefined) => {
    const v = list.map(pick).filter((x): x is number => x !== undefined);
    return v.length ? round(v.reduce((a, b) => a + b, 0) / v.length, 0) : '';
  };
  for (let start = from, end = 0; start < to; start = end) {
    end = to - start < 25_000 ? to : start + 20_000; // a short rest joins the last window
    const inWindow = <T extends { t: number }>(list: T[]) => list.filter((x) => x.t > start && x.t <= end);
    const counts = stationCounts.filter((c) => c.t <= end);
    const before = stationCounts.filter((c) => c.t <= start).at(-1)?.sent ?? 0;
    const stack = inWindow(samples.stack);
    rows.push({
      seconds: `${Math.round((start - from) / 1000)}-${Math.round((end - from) / 1000)}`,
      'heartbeats sent': (counts.at(-1)?.sent ?? 0) - before,
      'DynamoDB calls done': stack.reduce((n, s) => n + (s.dynamoDone ?? 0), 0),
      'in flight (max)': Math.max(0, ...stack.map((s) => s.dynamoInFlightMax ?? 0)),
      'handler errors': errorTimes.filter((t) => t > start && t <= end).length,
      'stack CPU %': mean(stack, (s) => s.cpuPct),
      'stack loop p99 ms': Math.max(0, ...stack.map((s) => s.loopP99Ms ?? 0)),
      'DynamoDB CPU %': mean(inWindow(samples.dynamodb), (s) => s.cpuPct),
      'stations CPU %': mean(inWindow(samples.stations), (s) => s.cpuPct),
      'machine CPU %': mean(inWindow(samples.machine), (s) => s.cpuPct),
    });
  }
  return rows;
}

export function resourceTable(samples: RunRecord['samples'], stations: number) {
  const rows: Record<string, string | number>[] = [];
  const names: [ProcName, string][] = [['stack', 'stack (broker + IoT handlers)'], ['stations', `stations (${stations} clients)`], ['dynamodb', 'DynamoDB Local (JVM)'], ['verifier', 'verifier (this process)'], ['machine', `whole machine (${cpus().length} cores; RSS = memory used)`]];
  const means: Record<string, number> = {};
  for (const [name, label] of names) {
    for (const group of [['ramp', 'settle'], ['steady']] as Phase[][]) {
      const list = samples[name].filter((s) => group.includes(s.phase));
      if (!list.length) continue;
      const stat = (pick: (s: ProcSample) => number | undefined) => {
        const v = list.map(pick).filter((x): x is number => x !== undefined);
        return v.length ? { peak: round(Math.max(...v)), mean: round(v.reduce((a, b) => a + b, 0) / v.length) } : null;
      };
      const cpu = stat((s) => s.cpuPct)!;
      const rss = stat((s) => s.rssMb)!;
      const heap = stat((s) => s.heapUsedMb);
      const loop = stat((s) => s.loopP99Ms);
      means[`${name}/${group.join('+')}`] = cpu.mean;
      rows.push({
        process: label,
        phase: group.join('+'),
        'CPU % mean': cpu.mean,
        'CPU % peak': cpu.peak,
        'RSS MB mean': rss.mean,
        'RSS MB peak': rss.peak,
        'heap MB mean': heap?.mean ?? '',
        'heap MB peak': heap?.peak ?? '',
        'loop delay p99 ms (peak)': loop?.peak ?? '',
      });
    }
  }
  // What the machine spent on everything else (other engineers' builds and tests): the noise of this run.
  for (const group of ['ramp+settle', 'steady']) {
    const machine = means[`machine/${group}`];
    if (machine === undefined) continue;
    const ours = (['stack', 'stations', 'dynamodb', 'verifier'] as const).reduce((n, p) => n + (means[`${p}/${group}`] ?? 0), 0);
    rows.push({ process: 'other processes (machine - the above)', phase: group, 'CPU % mean': round(Math.max(0, machine - ours)), 'CPU % peak': '', 'RSS MB mean': '', 'RSS MB peak': '', 'heap MB mean': '', 'heap MB peak': '', 'loop delay p99 ms (peak)': '' });
  }
  return rows;
}

export function freeMem() {
  // MemAvailable rather than MemFree: page cache is not "used".
  try {
    const text = readFileSync('/proc/meminfo', 'utf8');
    return Number(/MemAvailable:\s+(\d+)/.exec(text)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

export function os() {
  return `${cpus().length} CPUs, ${round(totalmem() / 1024 ** 3)} GB, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;
}

export function gitState(root: string) {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean).length;
    return { head, uncommittedFiles: dirty };
  } catch {
    return null;
  }
}
