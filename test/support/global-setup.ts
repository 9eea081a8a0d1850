import type { TestProject } from 'vitest/node';
import { freePort } from '@infra/local/net';
import { startLocalStack, type LocalStack } from '@infra/local/stack';
import type { BrowserServer } from 'playwright-core';
import { launchBrowserServer } from './browser';

let stack: LocalStack | undefined;
let browser: BrowserServer | null = null;

/** Starts the local cloud as `npm start` does, but in memory and on free ports, and one Chromium the browser tests share. */
export async function setup(project: TestProject) {
  // No operations address: the stack's own sweep (every 15 s) then e-mails no alert, since no stored setting names
  // anyone, and the alert tests' sweeps, each with its own recipients, are the only ones that do (no race for an alert).
  process.env.ALERT_EMAIL = '';
  const [started, server] = await Promise.allSettled([startLocalStack({ webPort: await freePort() }), launchBrowserServer()]);
  if (server.status === 'fulfilled') browser = server.value;
  if (started.status === 'fulfilled') stack = started.value;
  if (started.status === 'rejected' || server.status === 'rejected') {
    await teardown();
    throw started.status === 'rejected' ? started.reason : (server as PromiseRejectedResult).reason;
  }
  project.provide('local', started.value.outputs);
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? '');
}

export async function teardown() {
  await browser?.close();
  await stack?.stop();
  browser = null;
  stack = undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    local: import('@infra/local/stack').LocalOutputs;
    /** The shared Chromium's WebSocket endpoint ('' without Chromium). */
    browserEndpoint: string;
  }
}
