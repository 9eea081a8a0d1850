import { resolve } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = import.meta.dirname;

/**
 * The page component of each public route is a lazy chunk, fetched only after the entry has run. For a
 * visitor on a weak signal that is one more round trip before anything shows, so index.html gets a tiny
 * inline script that, for the route being opened, preloads that route's chunks alongside the entry.
 */
function preloadRouteChunks(routes: Record<string, string>): Plugin {
  return {
    name: 'refill:preload-route-chunks',
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
        const plan: Record<string, string[]> = {};
        for (const [path, source] of Object.entries(routes)) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`${source}?tsr-split=component`));
          if (chunk) plan[path] = [...closure([chunk.fileName], initial)].map((f) => `/${f}`);
        }
        const script =
          '<script>(function(p){var q=location.pathname;if(q.length>1&&q.charAt(q.length-1)==="/")q=q.slice(0,-1);' +
          '(p[q]||[]).forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)})})(' +
          JSON.stringify(plan) +
          ')</script>';
        return html.replace('</head>', `${script}</head>`);
      },
    },
  };
}

export default defineConfig({
  root,
  publicDir: resolve(root, 'public'),
  // The router plugin must come before react().
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: resolve(root, 'src/routes'),
      generatedRouteTree: resolve(root, 'src/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
    preloadRouteChunks({
      '/': 'routes/index.tsx',
      '/stations': 'routes/stations.tsx',
      '/about': 'routes/about.tsx',
      '/docs': 'routes/docs/index.tsx',
      '/diagram': 'routes/diagram.tsx',
      '/user-flow': 'routes/user-flow.tsx',
      '/api-docs': 'routes/api-docs.tsx',
    }),
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
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webmanifest,md}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /\.md$/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // The last station list stays readable offline.
            urlPattern: ({ url, request }) => url.pathname === '/api/machines' && request.method === 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'api-machines',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 4, maxAgeSeconds: 30 * 24 * 3600 },
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
    // maplibre (about 1 MB minified) is one chunk on purpose: it is loaded only when a map is shown.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the TanStack libraries every page needs, as one long-cached chunk instead of a dozen
          // small ones (fewer requests before the first paint on HTTP/1.1 and slow links).
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core))[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
});
