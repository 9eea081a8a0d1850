import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ResponseSecurityHeadersBehavior } from 'aws-cdk-lib/aws-cloudfront';
import type { CacheControl } from 'aws-cdk-lib/aws-s3-deployment';
import { ASSETS_CACHE_CONTROL, ASSETS_PREFIX, SITE_CACHE_CONTROL, SPA_REWRITE_CODE, STATION_LIST_BEHAVIOR } from '../constructs/web';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';

/**
 * A local stand-in for the web distribution of infra/constructs/web.ts, built from the construct's own code: its
 * response headers policy, its CloudFront Function (evaluated as is), the Cache-Control of its two deployments,
 * /config.json as the deployment writes it, the build as the bucket holds it and /api/* passed to the API.
 * Locally it also passes one more path to cognito-local, the stand-in of Cognito's regional endpoint.
 */
export interface LocalCloudFrontOptions {
  port: number;
  /** The build, as deployed to the bucket. */
  distDir: string;
  /** The response headers policy (securityHeadersBehavior of the construct). */
  securityHeaders: ResponseSecurityHeadersBehavior;
  /** Written to /config.json as Source.jsonData writes it. */
  runtimeConfig: object;
  /** Origin of /api/*. */
  apiOrigin: string;
  /** More origins by path prefix (the prefix is removed before passing the request on). */
  proxies?: Record<string, string>;
  /** The station list file's behavior (STATION_LIST_BEHAVIOR): its bucket, and what runs before it is read. */
  stationList?: { bucketOrigin: string; refresh(): Promise<void> };
}

export interface LocalCloudFront {
  origin: string;
  stop(): Promise<void>;
}

/** The HTTP headers CloudFront adds for a response headers policy's security headers. */
function securityHeaderFields(behavior: ResponseSecurityHeadersBehavior): Record<string, string> {
  const { contentSecurityPolicy, strictTransportSecurity, frameOptions, contentTypeOptions, referrerPolicy, xssProtection } = behavior;
  if (xssProtection) throw new Error('X-XSS-Protection is not mirrored by the local CloudFront');
  const fields: Record<string, string> = {};
  if (contentSecurityPolicy) fields['content-security-policy'] = contentSecurityPolicy.contentSecurityPolicy;
  if (strictTransportSecurity) {
    fields['strict-transport-security'] = [
      `max-age=${strictTransportSecurity.accessControlMaxAge.toSeconds()}`,
      ...(strictTransportSecurity.includeSubdomains ? ['includeSubDomains'] : []),
      ...(strictTransportSecurity.preload ? ['preload'] : []),
    ].join('; ');
  }
  if (frameOptions) fields['x-frame-options'] = frameOptions.frameOption;
  if (contentTypeOptions) fields['x-content-type-options'] = 'nosniff';
  if (referrerPolicy) fields['referrer-policy'] = referrerPolicy.referrerPolicy;
  return fields;
}

/** The CloudFront Function of the construct, run on a request URI. */
function spaRewrite(uri: string): string {
  const cloudFrontFunction = new Function(`${SPA_REWRITE_CODE}; return handler;`) as () => (event: { request: { uri: string } }) => { uri: string };
  return cloudFrontFunction()({ request: { uri } }).uri;
}

const cacheControl = (directives: CacheControl[]) => directives.map((c) => String(c.value)).join(', ');

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  md: 'text/markdown',
  txt: 'text/plain',
};

/** The types CloudFront compresses (those served here), from 1,000 bytes to 10 MB. */
const compressible = (type: string) => /^text\/|^application\/(json|manifest\+json)$|^image\/svg\+xml$/.test(type);

/**
 * An answer of a behavior that compresses (both of the construct's S3 behaviors: `compress: true`), as CloudFront
 * gives it: Brotli or gzip as the viewer accepts (Chromium accepts Brotli over HTTPS only), a compressible type
 * from 1,000 bytes to 10 MB, and then a weak ETag (the compressed bytes are not the origin's). `cache` keeps the
 * encodings of an object that does not change.
 */
function compressed(req: IncomingMessage, fields: Record<string, string>, body: Buffer, cache: StoredObject['encoded'] = {}): { fields: Record<string, string>; body: Buffer } {
  const type = fields['content-type'] ?? '';
  if (!compressible(type) || body.length < 1000 || body.length > 10_000_000) return { fields: { ...fields, 'content-length': String(body.length) }, body };
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (!encoding) return { fields: { ...fields, vary: 'Accept-Encoding', 'content-length': String(body.length) }, body };
  const encoded = (cache[encoding] ??= encoding === 'br' ? brotliCompressSync(body) : gzipSync(body));
  const etag: Record<string, string> = fields.etag && !fields.etag.startsWith('W/') ? { etag: `W/${fields.etag}` } : {};
  return { fields: { ...fields, ...etag, vary: 'Accept-Encoding', 'content-encoding': encoding, 'content-length': String(encoded.length) }, body: encoded };
}

/** If-None-Match against an ETag, compared weakly, as CloudFront does for a GET. */
const sameEntity = (ifNoneMatch: string | undefined, etag: string) => ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  etag: string;
  lastModified: string;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

function storedObject(key: string, body: Buffer, modified: Date): StoredObject {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return {
    body,
    contentType: CONTENT_TYPES[extension] ?? 'binary/octet-stream',
    cacheControl: cacheControl(key.startsWith(ASSETS_PREFIX) ? ASSETS_CACHE_CONTROL : SITE_CACHE_CONTROL),
    // S3's ETag of a single-part upload.
    etag: `"${createHash('md5').update(body).digest('hex')}"`,
    lastModified: modified.toUTCString(),
    encoded: {},
  };
}

/** The bucket as the two deployments leave it: every file of the build and /config.json. Read once, at start. */
function bucketObjects(distDir: string, runtimeConfig: object): Map<string, StoredObject> {
  const objects = new Map<string, StoredObject>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(path);
      } else {
        const key = relative(distDir, path).split(sep).join('/');
        objects.set(key, storedObject(key, readFileSync(path), statSync(path).mtime));
      }
    }
  };
  walk(distDir);
  objects.set('config.json', storedObject('config.json', Buffer.from(JSON.stringify(runtimeConfig)), new Date()));
  return objects;
}

export async function startLocalCloudFront(options: LocalCloudFrontOptions): Promise<LocalCloudFront> {
  const objects = bucketObjects(options.distDir, options.runtimeConfig);
  const headers = securityHeaderFields(options.securityHeaders);
  const proxies = Object.entries(options.proxies ?? {});

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    // The response headers policy overrides whatever the origin sent, on both behaviors.
    const send = (status: number, fields: Record<string, string>, body?: Buffer) => {
      res.writeHead(status, { ...fields, ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (path.startsWith('/api/')) return forward(req, res, options.apiOrigin, req.url!, headers, { 'cloudfront-viewer-address': viewerAddress(req) });
    const { stationList } = options;
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    if (stationList && path.startsWith(STATION_LIST_BEHAVIOR.slice(0, -1)) && readOnly) {
      const bucket = new URL(stationList.bucketOrigin);
      const pass = () => !res.destroyed && fromBucket(req, res, bucket.origin, `${bucket.pathname}${path}`, headers);
      // The list file is refreshed first; its tiles were written by the run that wrote the list naming them. A viewer
      // that left while the file was being refreshed gets nothing passed on (no request left half open).
      if (path === STATION_LIST_SNAPSHOT_PATH) void stationList.refresh().finally(pass);
      else pass();
      return;
    }
    for (const [prefix, origin] of proxies) {
      if (path.startsWith(prefix)) return forward(req, res, origin, `/${req.url!.slice(prefix.length)}`, {});
    }
    if (!readOnly) {
      return send(403, { 'content-type': 'text/plain' }, Buffer.from('This distribution is not configured to allow the HTTP request method that was used for this request.'));
    }
    let key: string;
    try {
      key = decodeURIComponent(spaRewrite(path).slice(1));
    } catch {
      key = '';
    }
    const object = objects.get(key);
    if (!object) {
      // S3 behind origin access control, without s3:ListBucket, answers a missing key this way.
      return send(403, { 'content-type': 'application/xml' }, Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>'));
    }
    const fields: Record<string, string> = {
      'content-type': object.contentType,
      'cache-control': object.cacheControl,
      etag: object.etag,
      'last-modified': object.lastModified,
    };
    const encoded = compressed(req, fields, object.body, object.encoded);
    if (sameEntity(req.headers['if-none-match'], object.etag)) {
      const { 'content-length': _length, ...notModified } = encoded.fields;
      return send(304, notModified);
    }
    send(200, encoded.fields, encoded.body);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    origin: `http://127.0.0.1:${options.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * `CloudFront-Viewer-Address` as CloudFront sets it, `<ip>:<port>` of the viewer's connection, whatever the viewer
 * sent under that name (so a test speaks from two addresses by binding 127.0.0.1 and 127.0.0.2).
 */
const viewerAddress = (req: IncomingMessage) => `${req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1'}:${req.socket.remotePort ?? 0}`;

/**
 * Reads an object of the station list's bucket for a viewer, as the behavior of STATION_LIST_BEHAVIOR does: the viewer's
 * If-None-Match compared weakly (the bucket compares strongly, and a compressed answer's ETag is weak), the answer
 * compressed as CloudFront compresses it.
 */
function fromBucket(req: IncomingMessage, res: ServerResponse, origin: string, path: string, override: Record<string, string>) {
  const target = new URL(origin);
  const ifNoneMatch = req.headers['if-none-match']?.replace(/W\//g, '');
  const upstream = httpRequest(
    { hostname: target.hostname, port: target.port, method: req.method, path, headers: { host: target.host, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) } },
    (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const fields = Object.fromEntries(Object.entries(response.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'transfer-encoding' && entry[0] !== 'content-length'));
        const answer = response.statusCode === 200 ? compressed(req, fields, Buffer.concat(chunks)) : { fields, body: Buffer.concat(chunks) };
        res.writeHead(response.statusCode ?? 502, { ...answer.fields, ...override });
        res.end(req.method === 'HEAD' ? undefined : answer.body);
      });
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', ...override });
    res.end('Bad gateway');
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.end();
}

/** Passes a request on to an origin (everything but Host, as the API behavior's origin request policy does). */
function forward(req: IncomingMessage, res: ServerResponse, origin: string, path: string, override: Record<string, string>, added: Record<string, string> = {}) {
  const target = new URL(origin);
  const upstream = httpRequest(
    { hostname: target.hostname, port: target.port, method: req.method, path, headers: { ...req.headers, ...added, host: target.host } },
    (response) => {
      res.writeHead(response.statusCode ?? 502, { ...response.headers, ...override });
      response.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', ...override });
    res.end('Bad gateway');
  });
  // The viewer went away before the answer: the origin's request goes too, so no connection to it stays open.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}
