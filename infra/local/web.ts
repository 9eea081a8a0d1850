import { resolve } from 'node:path';
import { createServer } from 'vite';
import type { LocalIdentityOutputs } from './identity';
import { REPO_ROOT } from './stack';

/** The Vite dev server for the web app, proxying /api/* to the local gateway on the same origin. */
export async function startWeb(options: { port: number; apiOrigin: string; identity: LocalIdentityOutputs }) {
  // Build-time settings of the browser app (public identifiers only, never secrets).
  Object.assign(process.env, {
    VITE_COGNITO_USER_POOL_ID: options.identity.userPoolId,
    VITE_COGNITO_CLIENT_ID: options.identity.clientId,
    VITE_COGNITO_ENDPOINT: options.identity.endpoint,
  });
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
