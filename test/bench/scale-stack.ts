import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { startLocalStack } from '@infra/local/stack';
import { REPO_ROOT } from '@infra/repo-root';
import { childPids, startSelfSampler, summarize, round, type DynamoCallStats, type ProfileSummary, type StackMessage, type ToStack } from './scale-shared';

/**
 * The stack process of the scale run (started by test/bench/scale.ts, never on its own): the whole local
 * cloud in memory on free ports (DynamoDB Local, cognito-local, the MQTT broker whose IoT rule handlers run
 * in this process, the gateway), no simulated fleet. It reports its own CPU and memory, the DynamoDB calls
 * its handlers make (timed at the SDK's HTTP handler), and on request a CPU profile of itself.
 * Handler logs go to stdout/stderr as they do in Lambda; the parent counts them.
 */
const send = (message: StackMessage) => void (process.connected && process.send?.(message));
if (!process.send) {
  console.error('test/bench/scale-stack.ts is started by test/bench/scale.ts (npm run scale)');
  process.exit(2);
}

// DynamoDB calls timed where the SDK sends the HTTP request (every client in this process: the handlers' ones).
const calls = new Map<string, number[]>();
let inFlight = 0;
let windowDone = 0;
let windowInFlightMax = 0;
const inFlightSamples: number[] = [];
let statsSince = performance.now();
const originalHandle = NodeHttpHandler.prototype.handle;
NodeHttpHandler.prototype.handle = async function (this: NodeHttpHandler, ...args: Parameters<NodeHttpHandler['handle']>) {
  const target = args[0].headers?.['x-amz-target'] ?? args[0].headers?.['X-Amz-Target'];
  const operation = typeof target === 'string' && target.startsWith('DynamoDB_') ? target.split('.')[1]! : null;
  if (!operation) return originalHandle.apply(this, args);
  const started = performance.now();
  inFlight++;
  windowInFlightMax = Math.max(windowInFlightMax, inFlight);
  try {
    return await originalHandle.apply(this, args);
  } finally {
    inFlight--;
    windowDone++;
    let list = calls.get(operation);
    if (!list) calls.set(operation, (list = []));
    list.push(performance.now() - started);
  }
};
setInterval(() => inFlightSamples.push(inFlight), 100).unref();

const dynamoStats = (): DynamoCallStats => ({
  byOperation: Object.fromEntries([...calls].map(([op, list]) => [op, summarize(list)])),
  inFlightMean: round(inFlightSamples.reduce((a, b) => a + b, 0) / Math.max(1, inFlightSamples.length)),
  inFlightPeak: Math.max(0, ...inFlightSamples),
  seconds: round((performance.now() - statsSince) / 1000),
});

// The parent may be gone before the last handler logs are written: a closed pipe must not crash this process.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

const stack = await startLocalStack({ webPort: null, stationFleet: 0, log: (line) => send({ type: 'log', line }) });
const javaPid = childPids(process.pid, 'java')[0] ?? null;
// However this process ends, DynamoDB Local's JVM ends with it (stack.stop() normally does that already).
process.on('exit', () => {
  try {
    if (javaPid && readFileSync(`/proc/${javaPid}/cmdline`, 'utf8').includes('DynamoDBLocal')) process.kill(javaPid, 'SIGKILL');
  } catch {
    // already gone
  }
});
const sampler = startSelfSampler(Number(process.env.SCALE_SAMPLE_MS ?? 2000), (sample) => {
  send({ type: 'sample', sample: { ...sample, dynamoDone: windowDone, dynamoInFlightMax: windowInFlightMax } });
  windowDone = 0;
  windowInFlightMax = inFlight;
});
send({ type: 'ready', outputs: stack.outputs, javaPid, pid: process.pid });

let session: Session | undefined;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  sampler.stop();
  // After a run, every station's disconnect reaches the presence handler at once; do not wait for all of them.
  await Promise.race([stack.stop(), new Promise((r) => setTimeout(r, 30_000))]);
  send({ type: 'stopped' });
  process.exit(0);
};
process.on('disconnect', () => void stop());
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

process.on('message', (message: ToStack) => {
  void (async () => {
    switch (message.type) {
      case 'dynamo-stats-reset':
        calls.clear();
        inFlightSamples.length = 0;
        statsSince = performance.now();
        break;
      case 'dynamo-stats':
        send({ type: 'dynamo-stats', stats: calls.size ? dynamoStats() : null });
        break;
      case 'profile-start':
        session = new Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 1000 });
        await session.post('Profiler.start');
        break;
      case 'profile-stop': {
        if (!session) return send({ type: 'profile', summary: null, error: 'profiler was not started' });
        try {
          const { profile } = await session.post('Profiler.stop');
          session.disconnect();
          writeFileSync(message.file, JSON.stringify(profile));
          send({ type: 'profile', summary: summarizeProfile(profile as CpuProfile, message.file) });
        } catch (error) {
          send({ type: 'profile', summary: null, error: (error as Error).message });
        }
        break;
      }
      case 'stop':
        await stop();
        break;
    }
  })();
});

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function and per area (npm package, project folder, GC, idle) of a V8 CPU profile. */
function summarizeProfile(profile: CpuProfile, file: string): ProfileSummary {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const areas = new Map<string, number>();
  const fns = new Map<string, { fn: string; where: string; us: number }>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byNode.get(id)!;
    total += us;
    const area = areaOf(callFrame.url, callFrame.functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const where = callFrame.url ? `${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}` : '(native)';
    const key = `${callFrame.functionName}@${where}`;
    const entry = fns.get(key) ?? { fn: callFrame.functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    fns.set(key, entry);
  }
  const pct = (us: number) => round((us / Math.max(1, total)) * 100);
  return {
    file: relative(REPO_ROOT, file),
    sampledMs: Math.round(total / 1000),
    areas: [...areas].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([area, us]) => ({ area, ms: Math.round(us / 1000), pct: pct(us) })),
    functions: [...fns.values()].sort((a, b) => b.us - a.us).slice(0, 20).map((f) => ({ fn: f.fn, where: f.where, ms: Math.round(f.us / 1000), pct: pct(f.us) })),
  };
}

function shortUrl(url: string) {
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  return nm >= 0 ? path.slice(nm + 'node_modules/'.length) : path.startsWith(REPO_ROOT) ? relative(REPO_ROOT, path) : path;
}

function areaOf(url: string, functionName: string) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native / V8 builtins)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/').slice(0, 2).join('/')}`;
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (path.startsWith(REPO_ROOT)) return relative(REPO_ROOT, path).split('/').slice(0, 2).join('/');
  return path;
}
