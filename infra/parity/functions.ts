import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FunctionResource } from './assembly';

const RUNTIME = fileURLToPath(new URL('./lambda-runtime.mjs', import.meta.url));
const LOG_LINES = 60;

export interface Invocation {
  ok: boolean;
  result?: unknown;
  error?: { errorType: string; errorMessage: string; stack: string[] };
  /** A timeout or crash: the process is gone, the next invocation starts a new one (a cold start, as in Lambda). */
  fatal?: string;
  durationMs: number;
}

/** What the Lambda runtime sets for a function besides its template's environment (and its credentials). */
export function runtimeEnvironment(fn: FunctionResource, functionName: string, logGroupName: string, xrayDaemon: string): Record<string, string> {
  return {
    AWS_REGION: fn.stack.region,
    AWS_DEFAULT_REGION: fn.stack.region,
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: functionName,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_LAMBDA_LOG_GROUP_NAME: logGroupName,
    AWS_LAMBDA_LOG_STREAM_NAME: `${new Date().toISOString().slice(0, 10).replace(/-/g, '/')}/[$LATEST]${randomBytes(16).toString('hex')}`,
    AWS_XRAY_DAEMON_ADDRESS: xrayDaemon,
    _AWS_XRAY_DAEMON_ADDRESS: xrayDaemon.split(':')[0]!,
    _AWS_XRAY_DAEMON_PORT: xrayDaemon.split(':')[1]!,
    AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
    _HANDLER: fn.handler,
    LAMBDA_TASK_ROOT: fn.codeDir,
    LAMBDA_RUNTIME_DIR: '/var/runtime',
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    PATH: '/usr/local/bin:/usr/bin:/bin',
  };
}

/**
 * One function in a process of its own, started from its bundled code in the cloud assembly with exactly the
 * environment it is given (nothing of the parent's environment leaks in). Invocations are serial, like one Lambda
 * execution environment; the process records which environment variables the function's code read.
 */
export class FunctionProcess {
  /** Variable name -> the source file that first read it (mapped through the bundle's source map). */
  readonly reads = new Map<string, string>();
  readonly logs: string[] = [];
  initMs?: number;
  private child?: ChildProcess;
  private starting?: Promise<void>;
  private readonly pending = new Map<string, (message: RuntimeMessage) => void>();

  constructor(
    readonly fn: FunctionResource,
    private readonly environment: Record<string, string>,
    private readonly context: { functionName: string; invokedFunctionArn: string; logGroupName: string },
    /** Services outside AWS the function calls (the payment gateway's API), by origin: the run's stand-in for each. */
    private readonly outside: Record<string, string> = {},
  ) {}

  /** Starts the process and loads the handler (the function's init phase). */
  start(): Promise<void> {
    this.starting ??= new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [RUNTIME, JSON.stringify(this.outside)], { cwd: this.fn.codeDir, env: this.environment, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
      this.child = child;
      const log = (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.logs.push(line);
        if (this.logs.length > LOG_LINES) this.logs.splice(0, this.logs.length - LOG_LINES);
      };
      child.stdout!.on('data', log);
      child.stderr!.on('data', log);
      child.on('message', (message: RuntimeMessage) => {
        for (const [name, where] of message.reads ?? []) if (!this.reads.has(name)) this.reads.set(name, where);
        if (message.type === 'ready') {
          this.initMs = message.initMs;
          resolve();
        } else if (message.type === 'init-error') {
          reject(new Error(`init failed: ${message.error?.errorType}: ${message.error?.errorMessage}`));
        } else if (message.type === 'crash') {
          for (const done of this.pending.values()) done(message);
        } else if (message.id) {
          this.pending.get(message.id)?.(message);
        }
      });
      child.once('exit', (code, signal) => {
        reject(new Error(`the process exited during init (${signal ?? code}): ${this.logs.slice(-5).join(' | ')}`));
        for (const done of this.pending.values()) done({ type: 'crash', error: { errorType: 'Runtime.ExitError', errorMessage: `exited (${signal ?? code})`, stack: [] } });
        this.pending.clear();
        this.child = undefined;
        this.starting = undefined;
      });
    });
    return this.starting;
  }

  async invoke(event: unknown): Promise<Invocation> {
    const started = performance.now();
    await this.start();
    const child = this.child!;
    const id = randomUUID();
    const timeoutMs = this.fn.timeoutSeconds * 1000;
    const message = await new Promise<RuntimeMessage>((resolve) => {
      const timer = setTimeout(() => resolve({ type: 'timeout' }), timeoutMs);
      this.pending.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      child.send({
        type: 'invoke',
        id,
        event,
        context: {
          ...this.context,
          memoryLimitInMB: this.fn.memoryMb,
          awsRequestId: randomUUID(),
          logStreamName: this.environment.AWS_LAMBDA_LOG_STREAM_NAME,
          deadlineMs: Date.now() + timeoutMs,
          traceId: `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')};Parent=${randomBytes(8).toString('hex')};Sampled=1`,
        },
      });
    });
    this.pending.delete(id);
    const durationMs = Math.round(performance.now() - started);
    switch (message.type) {
      case 'result':
        return { ok: true, result: message.result, durationMs };
      case 'error':
        return { ok: false, error: message.error, durationMs };
      case 'timeout':
        await this.stop();
        return { ok: false, fatal: `Task timed out after ${this.fn.timeoutSeconds} seconds`, durationMs };
      default:
        await this.stop();
        return { ok: false, fatal: `${message.error?.errorType}: ${message.error?.errorMessage}`, error: message.error, durationMs };
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

interface RuntimeMessage {
  type: 'ready' | 'init-error' | 'result' | 'error' | 'crash' | 'timeout';
  id?: string;
  initMs?: number;
  result?: unknown;
  error?: { errorType: string; errorMessage: string; stack: string[] };
  reads?: [name: string, where: string][];
}
