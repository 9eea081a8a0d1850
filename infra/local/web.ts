import { resolve } from 'node:path';
import { createServer } from 'vite';
import { REPO_ROOT } from './stack';

/** The Vite dev server for the web app, proxying /api/* to the local gateway on the same origin. */
export async function startWeb(options: { port: number; apiOrigin: string }) {
  const server = await createServer({
    configFile: resolve(REPO_ROOT, 'frontend/vite.config.ts'),
    logLevel: 'warn',
    server: {
      host: '127.0.0.1',
      port: options.port,
      strictPort: true,
      proxy: { '/api/': { target: options.apiOrigin, changeOrigin: false } },
    },
  });
  await server.listen();
  return { origin: `http://127.0.0.1:${options.port}`, stop: () => server.close() };
}
