import { resolve } from 'node:path';
import type { PaymentsMode, RuntimeConfig } from '@shared/runtime-config';
import { cognitoEndpointOf } from '../constructs/identity';
import { photoUploadSourceOf } from '../constructs/uploaded-files';
import { securityHeadersBehavior, STATION_LIST_BEHAVIOR } from '../constructs/web';
import { startLocalCloudFront } from './cloudfront';
import type { LocalIdentityOutputs } from './identity';
import type { LocalStationListEdge } from './station-list';
import { REPO_ROOT } from '../repo-root';
import type { WebBuild } from './web-build';

/** The path of the web origin under which the browser reaches cognito-local (same origin: the CSP's connect-src 'self'). */
export const LOCAL_COGNITO_PATH = '/cognito-local/';
/** The path of the web origin under which the browser posts report photos to the S3 emulator (same origin, as above). */
export const LOCAL_STORAGE_PATH = '/s3-local/';

export interface LocalWebOptions {
  port: number;
  apiOrigin: string;
  identity: LocalIdentityOutputs;
  /** The local cloud's region: the CSP names Cognito's endpoint there, as the stack's policy does for its region. */
  region: string;
  paymentsMode: PaymentsMode;
  /** The S3 emulator, reached under LOCAL_STORAGE_PATH. */
  storageOrigin: string;
  /** The station list file's bucket and its publisher, served under STATION_LIST_BEHAVIOR as CloudFront does. */
  stationList: LocalStationListEdge;
  log?: (line: string) => void;
}

/** /config.json of the local cloud: the local pool, reached through LOCAL_COGNITO_PATH. */
function localRuntimeConfig(options: Pick<LocalWebOptions, 'identity' | 'region' | 'paymentsMode'>): RuntimeConfig {
  return {
    region: options.region,
    userPoolId: options.identity.userPoolId,
    userPoolClientId: options.identity.clientId,
    apiBaseUrl: '/api',
    userPoolEndpoint: LOCAL_COGNITO_PATH,
    paymentsMode: options.paymentsMode,
  };
}

/** `npm start`: the production build (ensureWebBuild: rebuilt only when its sources changed) behind the local stand-in of CloudFront. */
export async function startWeb(options: LocalWebOptions & { build: WebBuild }) {
  const { build } = options;
  options.log?.(build.built ? `Built the web app in ${(build.ms / 1000).toFixed(1)} s` : 'The web build is up to date (its sources did not change)');
  const server = await startLocalCloudFront({
    port: options.port,
    distDir: build.distDir,
    securityHeaders: securityHeadersBehavior({ cognitoEndpoint: cognitoEndpointOf(options.region), photoUploadSource: photoUploadSourceOf(options.region), distDir: build.distDir }),
    runtimeConfig: localRuntimeConfig(options),
    apiOrigin: options.apiOrigin,
    proxies: { [LOCAL_COGNITO_PATH]: options.identity.endpoint, [LOCAL_STORAGE_PATH]: options.storageOrigin },
    stationList: options.stationList,
  });
  return { ...server, distDir: build.distDir };
}

/** `npm run dev`: the Vite dev server (hot reloading, no CloudFront headers) with the same /config.json and proxies. */
export async function startDevWeb(options: LocalWebOptions) {
  const { createServer } = await import('vite');
  const config = JSON.stringify(localRuntimeConfig(options));
  const server = await createServer({
    configFile: resolve(REPO_ROOT, 'frontend/vite.config.ts'),
    configLoader: 'runner',
    logLevel: 'warn',
    plugins: [
      {
        name: 'refill:local-config',
        configureServer(dev) {
          // The station list file: read-only, and fresh when it is asked for, as the local CloudFront has it (infra/local/station-list.ts).
          dev.middlewares.use(STATION_LIST_BEHAVIOR.slice(0, -1), (req, res, next) => {
            if (req.method !== 'GET' && req.method !== 'HEAD') {
              res.statusCode = 403;
              res.end();
              return;
            }
            void options.stationList.refresh().finally(() => next());
          });
          dev.middlewares.use('/config.json', (_req, res) => {
            res.setHeader('content-type', 'application/json');
            res.end(config);
          });
        },
      },
    ],
    server: {
      host: '127.0.0.1',
      port: options.port,
      strictPort: true,
      proxy: {
        '/api/': { target: options.apiOrigin, changeOrigin: false },
        [LOCAL_COGNITO_PATH]: { target: options.identity.endpoint, rewrite: (path) => `/${path.slice(LOCAL_COGNITO_PATH.length)}` },
        [LOCAL_STORAGE_PATH]: { target: options.storageOrigin, rewrite: (path) => `/${path.slice(LOCAL_STORAGE_PATH.length)}` },
        [STATION_LIST_BEHAVIOR.slice(0, -1)]: { target: options.stationList.bucketOrigin.replace(/\/[^/]*$/, ''), rewrite: (path) => `${new URL(options.stationList.bucketOrigin).pathname}${path}` },
      },
    },
  });
  await server.listen();
  return { origin: `http://127.0.0.1:${options.port}`, distDir: null, stop: () => server.close() };
}
