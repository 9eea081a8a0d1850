import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inputsHash } from './web-build';

const root = mkdtempSync(join(tmpdir(), 'web-inputs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

describe('the inputs of the web build', () => {
  write('frontend/src/main.tsx', 'render()');
  write('shared/routes/index.ts', 'export const routes = {}');
  write('package-lock.json', '{}');
  const env = { VITE_GOOGLE_PAY_ENVIRONMENT: 'TEST', HOME: '/root' };
  const before = inputsHash(root, env);

  it('change with a source, the lockfile or a VITE_ variable, and only with what the build reads', () => {
    expect(inputsHash(root, env)).toBe(before);
    expect(inputsHash(root, { ...env, HOME: '/elsewhere', PORT: '5300' })).toBe(before);
    expect(inputsHash(root, { ...env, VITE_GOOGLE_PAY_ENVIRONMENT: 'PRODUCTION' })).not.toBe(before);

    write('shared/routes.test.ts', 'it()');
    write('frontend/node_modules/.vite/cache.json', '{}');
    write('infra/local/stack.ts', 'start()');
    expect(inputsHash(root, env)).toBe(before);

    for (const [file, text] of [['frontend/src/main.tsx', 'render(1)'], ['shared/routes.ts', 'export const routes = { a: 1 }'], ['package-lock.json', '{"a":1}'], ['frontend/public/new.svg', '<svg/>']]) {
      const changed = inputsHash(root, env);
      write(file!, text!);
      expect([file, inputsHash(root, env)]).not.toEqual([file, changed]);
    }
  });
});
