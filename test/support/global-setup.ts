import type { TestProject } from 'vitest/node';
import { freePort } from '@infra/local/net';
import { startLocalStack, type LocalStack } from '@infra/local/stack';

let stack: LocalStack | undefined;

/** Starts the local cloud as `npm start` does, but in memory and on free ports. */
export async function setup(project: TestProject) {
  stack = await startLocalStack({ webPort: await freePort() });
  project.provide('local', stack.outputs);
}

export async function teardown() {
  await stack?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    local: import('@infra/local/stack').LocalOutputs;
  }
}
