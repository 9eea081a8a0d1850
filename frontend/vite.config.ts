import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build as buildScript } from 'esbuild';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { OPENAPI_DOCUMENT_PATH, PRERENDERED_PAGES, STATION_LIST_SNAPSHOT_PATH } from '../shared/constants';
import { openApiDocument } from '../shared/openapi';
import { pagePathPattern } from '../shared/page-paths';
import { STATION_TILE_PATH_PREFIX } from '../shared/station-tiles';
import { FIRST_PAINT_SCRIPTS, FIRST_RENDER_MODULES } from './src/first-render';

const root = import.meta.dirname;

/** The file routes (src/routes) and React, for the browser's build and the prerendering one; the router plugin comes first. */
const reactPlugins = () => [
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: resolve(root, 'src/routes'),
    generatedRouteTree: resolve(root, 'src/routeTree.gen.ts'),
  }),
  react(),
];

/**
 * docs/architecture.md, "Prerendered public pages": once the browser's build is written (and before the service worker
 * is generated, so that it precaches them), src/prerender.tsx is built for Node and renders each of PRERENDERED_PAGES
 * into a copy of the built index.html, the shell, whose root is otherwise empty: the same preload script and entry
 * (moved to the end of the body), so main.tsx hydrates it and the CSP's script hashes stay those of index.html. A
 * page's frame (FIRST_PAINT_SCRIPTS) also gets its first-paint script, inline at the top of its head (the CSP allows it
 * by its hash), and a root marked data-first-paint, which main.tsx replaces instead of hydrating.
 */
function prerenderPages(): Plugin {
  let outDir = '';
  return {
    name: 'refill:prerender-pages',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      async handler() {
        // Inside node_modules, so that the server build's imports of packages resolve as they do for this file.
        const cache = resolve(root, '../node_modules/.cache');
        mkdirSync(cache, { recursive: true });
        const serverDir = mkdtempSync(join(cache, 'prerender-'));
        try {
          await build({
            configFile: false,
            root,
            logLevel: 'warn',
            resolve: { tsconfigPaths: true },
            plugins: reactPlugins(),
            build: { ssr: 'src/prerender.tsx', outDir: serverDir, emptyOutDir: true, rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } } },
          });
          // In a process of its own: a page's module may start timers or requests (it was written for the browser),
          // which must neither keep this build alive nor leak into it.
          const pages = join(serverDir, 'pages.json');
          const script = `const { renderPage } = await import(${JSON.stringify(pathToFileURL(join(serverDir, 'prerender.mjs')).href)});
            const pages = {};
            for (const path of ${JSON.stringify(Object.keys(PRERENDERED_PAGES))}) pages[path] = await renderPage(path);
            (await import('node:fs')).writeFileSync(${JSON.stringify(pages)}, JSON.stringify(pages));
            process.exit(0);`;
          const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' });
          if (run.status !== 0) throw new Error(`Prerendering the public pages failed (exit ${run.status})`);
          const html = JSON.parse(readFileSync(pages, 'utf8')) as Record<string, string>;
          const firstPaintScripts = new Map<string, string>();
          for (const source of new Set(Object.values(FIRST_PAINT_SCRIPTS))) firstPaintScripts.set(source, await firstPaintScript(source));
          const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
          const emptyRoot = '<div id="root"></div>';
          if (!shell.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot} to prerender into`);
          // The stylesheet comes inside the page (about 14 KB gzip): on a slow link its own request, one more round trip
          // sharing the line with the scripts, was most of the time before the first paint. The CSP allows inline styles.
          const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/index-[\w-]+\.css)">/.exec(shell);
          if (!stylesheet) throw new Error('index.html has no stylesheet of its own to inline');
          const css = readFileSync(join(outDir, stylesheet[1]!), 'utf8');
          if (/<\/style/i.test(css)) throw new Error('The stylesheet cannot be inlined: it contains </style');
          // The scripts, their preload hints and /config.json's move to the end of the body: the page paints without
          // them, and on a slow link they would share it with the rest of the page while it is still arriving.
          const [head, body] = shell.replace(stylesheet[0], () => `<style>${css}</style>`).split('</head>') as [string, string];
          const deferred: string[] = [];
          const page = `${head.replace(/<link rel="(?:modulepreload|preload)"[^>]*>\s*|<script\b[^>]*>[\s\S]*?<\/script>\s*/g, (tag) => (deferred.push(tag.trim()), ''))}</head>${body}`;
          for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
            const firstPaint = FIRST_PAINT_SCRIPTS[path];
            // Before the stylesheet, so that its requests start while the rest of the page is still arriving.
            const framed = firstPaint ? page.replace('<style>', () => `<script>${firstPaintScripts.get(firstPaint)}</script><style>`) : page;
            const content = framed
              .replace(emptyRoot, () => `<div id="root"${firstPaint ? ' data-first-paint' : ''}>${html[path]}</div>`)
              .replace('</body>', () => `${deferred.join('')}</body>`);
            writeFileSync(join(outDir, file), content);
          }
        } finally {
          rmSync(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}

/**
 * A first-paint script (FIRST_PAINT_SCRIPTS) as the text of an inline script: bundled, no module (it runs before the
 * app's code, without React), minified.
 */
async function firstPaintScript(source: string): Promise<string> {
  const built = await buildScript({
    entryPoints: [resolve(root, source)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    // The import aliases (@shared/...).
    tsconfig: resolve(root, '../tsconfig.json'),
    logLevel: 'warning',
  });
  const code = built.outputFiles[0]!.text.trim();
  if (/<\/script/i.test(code) || /<!--/.test(code)) throw new Error(`${source} cannot be inlined: it contains </script or <!--`);
  return code;
}

/**
 * The contract as OpenAPI, a file of the build (and of the dev server) at OPENAPI_DOCUMENT_PATH: the API docs and diagram
 * pages read it as data rather than carrying the route table and zod (docs/architecture.md, "Router-free first render").
 */
function openApiFile(): Plugin {
  const fileName = OPENAPI_DOCUMENT_PATH.slice(1);
  return {
    name: 'refill:openapi-file',
    configureServer(server) {
      server.middlewares.use(OPENAPI_DOCUMENT_PATH, (_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(openApiDocument()));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: JSON.stringify(openApiDocument()) });
    },
  };
}

/**
 * The entry (src/main.tsx) only picks what to render and imports it: a router-free public page
 * (src/static-pages.tsx), the routed app elsewhere, and each page's component is a lazy chunk of its own. For a visitor on a weak
 * signal every such step is one more round trip before anything shows, so index.html gets a tiny inline
 * script that preloads, for the path being opened, the chunks of its first render alongside the entry.
 * `pages` maps a path ('*' for any other) to the modules of that first render (src/first-render.ts).
 */
function preloadFirstRender(pages: Readonly<Record<string, readonly string[]>>): Plugin {
  return {
    name: 'refill:preload-first-render',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        const closure = (start: string[], skip = new Set<string>()) => {
          const seen = new Set<string>();
          const walk = (file: string) => {
            if (seen.has(file) || skip.has(file)) return;
            seen.add(file);
            byFile.get(file)?.imports.forEach(walk);
          };
          start.forEach(walk);
          return seen;
        };
        const initial = entry ? closure([entry.fileName]) : new Set<string>();
        // Exact paths by name, paths with `$name` segments by their pattern (shared/page-paths.ts), tried in order.
        const plan: Record<string, string[]> = {};
        const patterns: [string, string[]][] = [];
        for (const [path, modules] of Object.entries(pages)) {
          const files = modules.map((m) => chunks.find((c) => c.facadeModuleId === resolve(root, m))?.fileName);
          if (!files.every((f) => f !== undefined)) continue;
          const preload = [...closure(files, initial)].map((f) => `/${f}`);
          if (path.includes('$')) patterns.push([pagePathPattern(path), preload]);
          else plan[path] = preload;
        }
        const script =
          '<script>(function(p,r){var q=location.pathname;if(q.length>1&&q.charAt(q.length-1)==="/")q=q.slice(0,-1);var f=p[q];' +
          'for(var i=0;!f&&i<r.length;i++)if(new RegExp(r[i][0]).test(q))f=r[i][1];' +
          '(f||p["*"]||[]).forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)})})(' +
          `${JSON.stringify(plan)},${JSON.stringify(patterns)}` +
          ')</script>';
        return html.replace('</head>', `${script}</head>`);
      },
    },
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/**
 * The station list's answers: its file, the file's tiles (shared/station-tiles.ts) and the API's list. A RegExp, which
 * workbox writes into the worker as it is: a function goes in as its text, where STATION_TILE_PATH_PREFIX (computed,
 * so not inlined as a literal when this config is bundled) would name nothing.
 */
const stationListAnswers = new RegExp(
  `^https?://[^/]+(?:${escapeRegExp(STATION_LIST_SNAPSHOT_PATH)}|${escapeRegExp(STATION_TILE_PATH_PREFIX)}[\\w-]+\\.json|/api/machines)(?:\\?|$)`,
);

export default defineConfig({
  root,
  // The import aliases of tsconfig.json (@shared/..., @frontend/...).
  resolve: { tsconfigPaths: true },
  publicDir: resolve(root, 'public'),
  plugins: [
    ...reactPlugins(),
    tailwindcss(),
    preloadFirstRender(FIRST_RENDER_MODULES),
    openApiFile(),
    prerenderPages(),
    VitePWA({
      registerType: 'autoUpdate',
      // A tiny deferred registerSW.js: nothing is added to the app's own bundle.
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'docs/user-flow.md'],
      manifest: {
        id: '/',
        name: 'Bali Refill',
        short_name: 'Bali Refill',
        description: 'Find clean water refill stations across Bali, pay with your phone and track the plastic you save.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0e7490',
        categories: ['travel', 'lifestyle', 'utilities'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
        shortcuts: [{ name: 'Find stations', short_name: 'Stations', url: '/stations', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] }],
      },
      workbox: {
        // The app shell, every route chunk, the maplibre library and its worker (.mjs), icons and the docs.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webmanifest,md}', OPENAPI_DOCUMENT_PATH.slice(1)],
        // Not the frames of a pattern's addresses (/s/{id}, /r/{id}): the worker can map a path only to its own file, so
        // it answers them with the shell (navigateFallback). The app home's frame (/app, an exact path) is precached: a
        // second visit answered with the shell waited for the whole app's code before the balance (862 ms against the
        // frame's 337 ms, docs/scale.md, "On a quiet machine").
        globIgnores: ['**/node_modules/**/*', ...Object.keys(FIRST_PAINT_SCRIPTS).filter((path) => path.includes('$')).map((path) => PRERENDERED_PAGES[path]!)],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // A prerendered page comes from its own file (/about from /about.html, / from /home.html: PRERENDERED_PAGES),
        // any other path from the shell.
        directoryIndex: PRERENDERED_PAGES['/'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /\.md$/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // The last station list, and the tiles of it last seen, stay readable offline (GET only, as for any RegExp route).
            urlPattern: stationListAnswers,
            handler: 'NetworkFirst',
            options: {
              cacheName: 'api-machines',
              networkTimeoutSeconds: 6,
              // The list, the API's answer and the tiles last seen (a tiled list has about 435 at 100,000 stations).
              expiration: { maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Online map tiles, when they can be reached, are kept for the next time there is no signal.
            urlPattern: ({ url }) => url.hostname === 'tile.openstreetmap.org',
            handler: 'CacheFirst',
            options: {
              cacheName: 'map-tiles',
              expiration: { maxEntries: 600, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: resolve(root, '../dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // The chunk graph (.vite/manifest.json), which the first-render budget check reads (src/first-render.ts).
    manifest: true,
    // No polyfill for <link rel="modulepreload">: browsers without it (Safari 16, Firefox 114) just skip the hints.
    modulePreload: {
      polyfill: false,
      // The shell's dynamic imports are a router-free page's first render, whose chunks index.html's inline script
      // preloads for the path opened (preloadFirstRender), and rare parts (a toast's card, the install offer): their
      // lists of chunks to preload, hashed names that compress badly, were 1 KB gzip of every page's first render. The
      // routed app's import (when a link shows intent) keeps its list: its chunks come at once, not one level at a time.
      resolveDependencies: (filename, deps, { hostId }) => (/^assets\/shell-[\w-]+\.js$/.test(hostId) && !/^assets\/app-[\w-]+\.js$/.test(filename) ? [] : deps),
    },
    // maplibre (about 1 MB minified) is one chunk on purpose: it is loaded only when a map is shown.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Fewer, larger chunks than the automatic split (each request costs a round trip before the first
          // paint on slow links, and small files compress badly). A router-free page's first render loads the
          // framework, shell and public chunks and its own, not the router (see src/static-page.tsx).
          groups: [
            {
              // React and TanStack Query: every page. The infinite-list helpers only serve two signed-in lists, the
              // mutation and suspense hooks the pages that write or wait: they go with those pages.
              name: 'framework',
              test: (id) => /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-query|query-core))[\\/]/.test(id) && !/infinite(QueryObserver|QueryOptions|Query\.)|useMutation|mutationObserver|useSuspenseQuery/i.test(id),
              priority: 2,
            },
            {
              name: 'router',
              test: /node_modules[\\/](use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]/,
              priority: 2,
            },
            {
              // What every page loads: banners, toasts, the shared chrome's texts and icons, the router-free pages
              // and the return-path rule the landing page's sign-in links share with the route tree; with what they
              // import. Not the station list's loader: the pages without stations do without it.
              name: 'shell',
              test: /src[\\/](components[\\/](PageFrame|useDocumentTitle|nav)|features[\\/]auth[\\/](signed-out|redirect)|static-pages?)\.tsx?$/,
              priority: 1,
            },
            {
              // The zod-free caller of the public routes, how a station's status shows and how figures and times read
              // in each language (shared/format.ts): what the station list's loader shares with a station's sticker
              // page and its receipt, which need nothing else of the list's chunk (nor the finder's, which would take
              // the formats in).
              name: 'public-api',
              test: /(src[\\/](api[\\/]public-fetch|features[\\/]stations[\\/]status)|shared[\\/]format)\.ts$/,
              priority: 1,
            },
            {
              // The station list's loader and the public pages' hook on it, with what they import (tiles,
              // coordinates, the zod-free fetch): the pages that show stations and the route tree's loaders. One
              // chunk: small files compress badly. Before the finder's group, which would take the hook in.
              name: 'station-list',
              test: /src[\\/](api[\\/]stations|features[\\/]stations[\\/]useStationList)\.ts$/,
              priority: 1,
            },
            {
              // The station finder's first render: the page, the map's frame (maplibre stays a chunk of its own) and
              // their texts. One chunk: small files compress badly.
              name: 'finder',
              test: /src[\\/](features[\\/](stations[\\/](StationsPage|geolocation|map-stations)|map[\\/](view|StationMap))|i18n[\\/]stations)\.tsx?$/,
              priority: 1,
            },
            {
              // Header, menus and footer of the public pages.
              name: 'public',
              test: /src[\\/]components[\\/]PublicLayout\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
});
