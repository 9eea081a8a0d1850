import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIRST_RENDER_BUDGET_KB, FIRST_RENDER_MODULES, UNBUDGETED_PAGES } from '@frontend/first-render';
import { PRERENDERED_PAGES } from '@shared/constants';
import { ensureWebBuild } from '@infra/local/web-build';

/** A chunk of Vite's manifest (.vite/manifest.json), keyed by its source module or, for a shared chunk, its name. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * docs/scale.md, "First-render JavaScript budget": each public page's first render (the entry, the chunks it imports,
 * and the page's modules of src/first-render.ts with theirs: what index.html's preload script fetches for the path)
 * adds up to at most FIRST_RENDER_BUDGET_KB gzip, read from the production build's own chunk graph (built here when
 * its sources changed, as `npm start` builds it).
 */
describe('first-render JavaScript budget', () => {
  it('every public page within the budget', { timeout: 600_000 }, async () => {
    const { distDir } = await ensureWebBuild();
    const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const closure = (keys: readonly string[], into = new Set<string>()) => {
      for (const key of keys) {
        const chunk = manifest[key];
        if (!chunk) throw new Error(`${key} is not a chunk of the build (src/first-render.ts names it)`);
        if (into.has(chunk.file)) continue;
        into.add(chunk.file);
        closure(chunk.imports ?? [], into);
      }
      return into;
    };
    const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
    expect(entries).toEqual(['index.html']);
    const kbGzip = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 6 }).length / 1024;

    const pages = Object.keys(PRERENDERED_PAGES).filter((path) => !UNBUDGETED_PAGES.includes(path)).map((path) => {
      const modules = FIRST_RENDER_MODULES[path];
      if (!modules) throw new Error(`${path} has no first render in src/first-render.ts`);
      const files = closure(modules, closure(entries));
      return { path, kb: Math.round([...files].reduce((sum, file) => sum + kbGzip(file), 0) * 10) / 10 };
    });
    console.log(pages.map(({ path, kb }) => `${path} ${kb} KB`).join(', '));
    expect(pages.filter(({ kb }) => kb > FIRST_RENDER_BUDGET_KB)).toEqual([]);
  });
});
