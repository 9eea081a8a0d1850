import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { LocalOutputs } from '@infra/local/stack';

/**
 * What the processes of the scale run (test/bench/scale.ts) share: the messages on their IPC channels,
 * a self-sampler for CPU and memory, /proc readers for processes that are not Node (DynamoDB Local's JVM),
 * and how a child is started (tsx, a larger file-descriptor limit, a larger heap).
 */

/** One sample of a process: CPU as % of one core over the sample's window, memory in MB. */
export interface ProcSample {
  t: number;
  cpuPct: number;
  rssMb: number;
  heapUsedMb?: number;
  heapTotalMb?: number;
  /** Event-loop delay in the window (Node processes): p99 and max, ms. */
  loopP99Ms?: number;
  loopMaxMs?: number;
  /** The stack process: DynamoDB calls completed in the window and the most in flight at once (the SDK queues beyond its 50 sockets). */
  dynamoDone?: number;
  dynamoInFlightMax?: number;
}

export interface LatencySummary { count: number; p50: number; p99: number; max: number; mean: number }

/** DynamoDB calls the stack process made (HTTP round trips to DynamoDB Local as the SDK's handler sees them). */
export interface DynamoCallStats {
  byOperation: Record<string, LatencySummary>;
  /** Mean and peak number of calls in flight, sampled every 100 ms. */
  inFlightMean: number;
  inFlightPeak: number;
  seconds: number;
}

export interface ProfileSummary {
  file: string;
  sampledMs: number;
  /** Share of the sampled time per area (a package, a project folder, GC, idle, ...). */
  areas: { area: string; ms: number; pct: number }[];
  functions: { fn: string; where: string; ms: number; pct: number }[];
}

// ---------------------------------------------------------------------------------------------------------
// Messages

export type StackMessage =
  | { type: 'log'; line: string }
  | { type: 'ready'; outputs: LocalOutputs; javaPid: number | null; pid: number }
  | { type: 'sample'; sample: ProcSample }
  | { type: 'dynamo-stats'; stats: DynamoCallStats | null }
  | { type: 'profile'; summary: ProfileSummary | null; error?: string }
  | { type: 'stopped' };
export type ToStack = { type: 'dynamo-stats-reset' } | { type: 'dynamo-stats' } | { type: 'profile-start' } | { type: 'profile-stop'; file: string } | { type: 'stop' };

export interface StationsInit {
  type: 'init';
  brokerUrl: string;
  caDir: string;
  ids: string[];
  heartbeatSeconds: number;
  concurrency: number;
  connectTimeoutMs: number;
  sampleMs: number;
  /** The mixed run: the key stations check vend tokens with (they vend, and report each vend with a heartbeat). */
  vendPublicKeyPem?: string;
}
/** A vend of the mixed run as the station saw it: tapped, authorized, dispensed and completed (or where it ended). */
export interface SimulatedVend {
  stationId: string;
  sessionId: string | null;
  outcome: string;
  dispensedMl: number;
  /** From the NFC token's request to the completion's PUBACK, and of that the token request. */
  ms: number;
  tokenMs: number;
}
/** One heartbeat as the station sent it: its uptimeSeconds (unique per station), sent at (ms), PUBACK ms later (-1: none). */
export type SentHeartbeat = [uptimeSeconds: number, sentAt: number, ackMs: number];

export type StationsMessage =
  | { type: 'log'; line: string }
  | { type: 'sample'; sample: ProcSample; heartbeats: { sent: number; acked: number; inFlight: number; connected: number } }
  | { type: 'certs'; ms: number }
  | { type: 'progress'; connected: number; failedAttempts: number; ms: number }
  | { type: 'connected'; ms: number; connected: number; failedAttempts: number; gaveUp: string[]; connectMs: LatencySummary }
  | { type: 'closed'; id: string; at: number }
  | { type: 'reconnected'; id: string; at: number }
  | { type: 'heartbeats-started'; at: number }
  | { type: 'heartbeats-stopped'; at: number; inFlightAtStop: number }
  | { type: 'disconnected'; at: number; graceful: string[]; dropped: string[] }
  | { type: 'report'; sent: Record<string, SentHeartbeat[]>; publishErrors: number; unexpectedCloses: number; reconnects: number; connected: number }
  | { type: 'vends-stopped'; vends: SimulatedVend[]; errors: Record<string, number> };
export type ToStations =
  | StationsInit
  | { type: 'start-heartbeats' }
  | { type: 'stop-heartbeats' }
  | { type: 'disconnect'; graceful: string[]; dropped: string[] }
  | { type: 'report' }
  | { type: 'start-vends'; api: string; userTokens: string[]; perSecond: number }
  | { type: 'stop-vends' }
  | { type: 'close' };

// ---------------------------------------------------------------------------------------------------------
// Sampling

const MB = 1024 * 1024;
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Samples this Node process every `everyMs`: process.cpuUsage over the window, memoryUsage, event-loop delay. */
export function startSelfSampler(everyMs: number, onSample: (sample: ProcSample) => void) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let lastCpu = process.cpuUsage();
  let lastAt = performance.now();
  const take = (): ProcSample => {
    const cpu = process.cpuUsage(lastCpu);
    const now = performance.now();
    const memory = process.memoryUsage();
    const sample: ProcSample = {
      t: Date.now(),
      cpuPct: round(((cpu.user + cpu.system) / 1000 / Math.max(1, now - lastAt)) * 100),
      rssMb: round(memory.rss / MB),
      heapUsedMb: round(memory.heapUsed / MB),
      heapTotalMb: round(memory.heapTotal / MB),
      loopP99Ms: round(loop.percentile(99) / 1e6),
      loopMaxMs: round(loop.max / 1e6),
    };
    lastCpu = process.cpuUsage();
    lastAt = now;
    loop.reset();
    return sample;
  };
  const timer = setInterval(() => onSample(take()), everyMs);
  timer.unref();
  return { stop: () => (clearInterval(timer), loop.disable()), flush: () => onSample(take()) };
}

let clockTicks: number | undefined;
/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ; 100 on Linux). */
function ticksPerSecond() {
  if (clockTicks === undefined) {
    clockTicks = 100;
    try {
      const out = execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
      if (Number(out.trim()) > 0) clockTicks = Number(out.trim());
    } catch {
      // keep 100
    }
  }
  return clockTicks;
}

/** CPU seconds (user + system) and resident memory of any process, from /proc; null once it is gone. */
export function readProc(pid: number): { cpuSeconds: number; rssMb: number; peakRssMb: number; threads: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuTicks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    const threads = Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    return { cpuSeconds: cpuTicks / ticksPerSecond(), rssMb: round(kb('VmRSS') / 1024), peakRssMb: round(kb('VmHWM') / 1024), threads };
  } catch {
    return null;
  }
}

/** A sampler of another process from /proc (CPU % of one core over the window, RSS). */
export function procSampler(pid: number) {
  let last = readProc(pid);
  let lastAt = performance.now();
  return (): ProcSample | null => {
    const now = performance.now();
    const current = readProc(pid);
    if (!current || !last) return null;
    const sample = { t: Date.now(), cpuPct: round(((current.cpuSeconds - last.cpuSeconds) * 1000 / Math.max(1, now - lastAt)) * 100), rssMb: current.rssMb };
    last = current;
    lastAt = now;
    return sample;
  };
}

/** The whole machine's CPU from /proc/stat: busy and total jiffies over all cores. */
export function readSystemCpu(): { busy: number; total: number; cores: number } {
  const text = readFileSync('/proc/stat', 'utf8');
  const values = text.split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
  const cores = text.split('\n').filter((line) => /^cpu\d+ /.test(line)).length;
  return { busy: total - idle, total, cores };
}

/** Child processes of `pid` whose command name is `comm` (e.g. DynamoDB Local's `java`). */
export function childPids(pid: number, comm: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && name === comm) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Soft and hard RLIMIT_NOFILE of this process. */
export function openFileLimits(): { soft: number; hard: number } {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line ?? '').split(/\s{2,}/).slice(1, 3).map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  return { soft: soft ?? 1024, hard: hard ?? 1024 };
}

/**
 * Starts a TypeScript file as a child process under tsx with an IPC channel, through `sh -c 'ulimit -n N; exec node ...'`
 * so that its file-descriptor limit is at least `openFiles` (up to the hard limit).
 */
export function startChild(file: string, options: { openFiles: number; maxOldSpaceMb: number; env?: NodeJS.ProcessEnv }): ChildProcess {
  const args = [`--max-old-space-size=${options.maxOldSpaceMb}`, '--import', 'tsx', file];
  return spawn('sh', ['-c', 'ulimit -n "$0" 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"', String(options.openFiles), process.execPath, ...args], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ...options.env },
  });
}

export function summarize(values: number[]): LatencySummary {
  if (!values.length) return { count: 0, p50: 0, p99: 0, max: 0, mean: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return { count: values.length, p50: round(at(50)), p99: round(at(99)), max: round(sorted.at(-1)!), mean: round(values.reduce((a, b) => a + b, 0) / values.length) };
}
