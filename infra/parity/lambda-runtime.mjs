// The parity suite's stand-in for the Lambda Node.js runtime (infra/parity/functions.ts starts one per function):
// plain JavaScript run by plain node, so nothing but the bundle itself is loaded into the function's process. It
//  - records every environment variable the function's code reads and where it was first read (a Proxy on
//    process.env, installed before the bundle loads; the runtime's own reads go to the real object and are not
//    recorded),
//  - resolves *.localhost to loopback (RFC 6761), because some SDK clients prepend a host prefix to the endpoint
//    (Amazon Location's `places.`), which the local endpoint must still receive,
//  - sends the function's fetch calls to a service outside AWS (the payment gateway's API) to the run's stand-in for
//    it: the origins and their stand-ins are its first argument (JSON), never the function's environment,
//  - loads the handler named by _HANDLER from LAMBDA_TASK_ROOT at init, then answers the parent's invocations over the
//    IPC channel with the handler's result or error, as the Lambda runtime interface client does.
import dns from 'node:dns';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const raw = process.env;
/** Variable name -> the source file of its first read (source-mapped: the template sets --enable-source-maps). */
const reads = new Map();
const seen = new Set();
const written = new Set();
const RUNTIME_FILE = import.meta.url.replace('file://', '');
const reader = () => {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const frame = frames.find((line) => !line.includes(RUNTIME_FILE) && !line.includes('node:internal'));
  return /\(?([^()\s]+):\d+:\d+\)?$/.exec(frame ?? '')?.[1] ?? 'unknown';
};
const record = (name) => {
  if (typeof name !== 'string' || written.has(name) || seen.has(name)) return;
  seen.add(name);
  reads.set(name, reader());
};
process.env = new Proxy(raw, {
  get(target, name) {
    record(name);
    return Reflect.get(target, name);
  },
  has(target, name) {
    record(name);
    return Reflect.has(target, name);
  },
  getOwnPropertyDescriptor(target, name) {
    record(name);
    return Reflect.getOwnPropertyDescriptor(target, name);
  },
  set(target, name, value) {
    if (typeof name === 'string' && !seen.has(name)) written.add(name);
    return Reflect.set(target, name, value);
  },
});
const takeReads = () => {
  const list = [...reads];
  reads.clear();
  return list;
};

const lookup = dns.lookup;
dns.lookup = function localhostLookup(host, options, callback) {
  return lookup.call(this, typeof host === 'string' && host.endsWith('.localhost') ? '127.0.0.1' : host, options, callback);
};

const outside = JSON.parse(process.argv[2] ?? '{}');
const fetchOf = globalThis.fetch;
globalThis.fetch = function outsideFetch(input, init) {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
  const origin = url && Object.keys(outside).find((o) => url.startsWith(`${o}/`));
  return fetchOf.call(this, origin ? outside[origin] + url.slice(origin.length) : input, init);
};

const send = (message) => process.send?.({ ...message, reads: takeReads() });
const errorOf = (error) => ({
  errorType: error?.name ?? typeof error,
  errorMessage: error?.message ?? String(error),
  stack: typeof error?.stack === 'string' ? error.stack.split('\n').slice(0, 12) : [],
});

process.on('uncaughtException', (error) => {
  send({ type: 'crash', error: errorOf(error) });
  process.exit(129);
});
process.on('unhandledRejection', (error) => {
  send({ type: 'crash', error: errorOf(error) });
  process.exit(128);
});

async function loadHandler() {
  const [moduleName, ...path] = raw._HANDLER.split('.');
  const root = raw.LAMBDA_TASK_ROOT;
  const file = ['.js', '.mjs', '.cjs'].map((ext) => join(root, moduleName + ext)).find((f) => existsSync(f));
  if (!file) throw new Error(`Cannot find module '${moduleName}' in ${root} (Runtime.ImportModuleError)`);
  const module = file.endsWith('.mjs') ? await import(pathToFileURL(file).href) : createRequire(file)(file);
  const handler = path.reduce((value, key) => value?.[key], module);
  if (typeof handler !== 'function') throw new Error(`${raw._HANDLER} is undefined or not exported (Runtime.HandlerNotFound)`);
  return handler;
}

const started = performance.now();
let handler;
try {
  handler = await loadHandler();
  send({ type: 'ready', initMs: Math.round(performance.now() - started) });
} catch (error) {
  send({ type: 'init-error', error: errorOf(error) });
  process.exit(1);
}

process.on('message', async (message) => {
  if (message?.type !== 'invoke') return;
  const { id, event, context: c } = message;
  raw._X_AMZN_TRACE_ID = c.traceId;
  const context = {
    callbackWaitsForEmptyEventLoop: true,
    functionName: c.functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: c.invokedFunctionArn,
    memoryLimitInMB: String(c.memoryLimitInMB),
    awsRequestId: c.awsRequestId,
    logGroupName: c.logGroupName,
    logStreamName: c.logStreamName,
    getRemainingTimeInMillis: () => Math.max(0, c.deadlineMs - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  try {
    const result = await new Promise((resolve, reject) => {
      const returned = handler(event, context, (error, value) => (error ? reject(error) : resolve(value)));
      if (returned && typeof returned.then === 'function') returned.then(resolve, reject);
    });
    send({ type: 'result', id, result: result === undefined ? null : result });
  } catch (error) {
    send({ type: 'error', id, error: errorOf(error) });
  }
});
