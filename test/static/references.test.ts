import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repository must stand alone: comments cite files that exist in it, and nothing outside it. */
const root = join(import.meta.dirname, '../..');
const sources = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.startsWith('node_modules/') && !f.endsWith('routeTree.gen.ts'));

/** Comment text of a source file (whole Markdown files count as prose). */
function commentsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  if (file.endsWith('.md')) return text.split('\n');
  return text.split('\n').filter((line) => /^\s*(\/\/|\/\*|\*)/.test(line) || /\s\/\/\s/.test(line));
}

const OUTSIDE = /DESIGN\.md|product-spec|STACK-NOTES|spec sections? \d|\.\.\/shared\/(DESIGN|product|STACK)/;
const CITED_FILE = /(?<![\w/])((?:docs|functions|infra|shared|frontend|test)\/[\w./-]+\.(?:ts|tsx|mjs|md|json))\b/g;

describe('what comments and docs cite', () => {
  it('nothing outside the repository', () => {
    const offenders = sources.flatMap((file) => commentsOf(file).filter((line) => OUTSIDE.test(line)).map((line) => `${file}: ${line.trim()}`));
    expect(offenders).toEqual([]);
  });

  it('only files that exist', () => {
    const missing = sources.flatMap((file) =>
      commentsOf(file).flatMap((line) => [...line.matchAll(CITED_FILE)].map((m) => m[1]!).filter((cited) => !cited.includes('*') && !existsSync(join(root, cited))).map((cited) => `${file} cites ${cited}`)),
    );
    expect(missing).toEqual([]);
  });
});
