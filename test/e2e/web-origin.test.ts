import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '@shared/constants';
import { buildRefillApp } from '@infra/constructs/refill-app';
import { only, resources, testApp } from '@infra/constructs/testing';
import { LOCAL_COGNITO_PATH } from '@infra/local/web';
import { DESKTOP, followRequests, launchBrowser, networkSettled, newContext, takeCspViolations } from '../support/browser';
import { local } from '../support/local';
import { adminSignInInBrowser, seededAccount, signInInBrowser } from '../support/auth';

/**
 * Issue 13: `npm start` serves what CloudFront serves. The web origin of the local cloud (the production build
 * behind infra/local/cloudfront.ts) is compared with the template the app synthesizes from that same build.
 */

/** A template value with its intrinsic functions resolved for one region. */
function resolved(value: unknown, region: string): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, unknown>;
  if ('Fn::Join' in v) {
    const [separator, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => resolved(part, region)).join(separator);
  }
  const pseudo: Record<string, string> = { 'AWS::Region': region, 'AWS::URLSuffix': 'amazonaws.com', 'AWS::Partition': 'aws' };
  if ('Ref' in v && pseudo[v.Ref as string]) return pseudo[v.Ref as string]!;
  throw new Error(`cannot resolve ${JSON.stringify(value)}`);
}

/** The headers a ResponseHeadersPolicy's SecurityHeadersConfig makes CloudFront send (as CloudFront documents them). */
function headersOfPolicy(config: Record<string, any>, region: string): Record<string, string> {
  const hsts = config.StrictTransportSecurity;
  return {
    'content-security-policy': resolved(config.ContentSecurityPolicy.ContentSecurityPolicy, region),
    'strict-transport-security': [`max-age=${hsts.AccessControlMaxAgeSec}`, ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []), ...(hsts.Preload ? ['preload'] : [])].join('; '),
    'x-frame-options': config.FrameOptions.FrameOption,
    'x-content-type-options': 'nosniff',
    'referrer-policy': config.ReferrerPolicy.ReferrerPolicy,
  };
}

let web: string;
let template: Template;
let region: string;

beforeAll(() => {
  web = local().web!;
  region = local().dynamodb.region;
  // The app as `cdk synth -c region=<the local cloud's region>` builds it, from the build the local cloud serves.
  const app = testApp({ webDistDir: local().webBuild!, region, account: '123456789012' });
  template = Template.fromStack(buildRefillApp(app, { env: {}, nag: false }).main);
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(web + path, { headers, redirect: 'manual' });
const pick = (response: Response, names: string[]) => Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));

describe('the local web origin against the synthesized template', () => {
  it("answers / with exactly the headers of the template's response headers policy (the CSP allows the build's inline script by hash)", async () => {
    const [, policy] = only(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    const expected = headersOfPolicy((policy.Properties!.ResponseHeadersPolicyConfig as any).SecurityHeadersConfig, region);
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(pick(response, Object.keys(expected))).toEqual(expected);
    const scriptSrc = expected['content-security-policy']!.split('; ').find((d) => d.startsWith('script-src '))!;
    // The shell's preload script and the first paints of the prerendered frames (the station page's, the receipt's), each by its hash.
    const inline = (file: string) => [...readFileSync(join(local().webBuild!, file), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    const hashes = new Set(['index.html', ...Object.values(PRERENDERED_PAGES)].flatMap(inline));
    expect(hashes.size).toBeGreaterThanOrEqual(3);
    expect(scriptSrc).toBe(`script-src 'self' ${[...hashes].join(' ')}`);
    // The same headers on the API behavior.
    expect(pick(await get('/api/machines'), Object.keys(expected))).toEqual(expected);
  });

  it('sets the Cache-Control of the two deployments: a year for hashed assets, revalidation for the rest and /config.json', async () => {
    const deployments = resources(template, 'Custom::CDKBucketDeployment').map(([, d]) => d.Properties as { DestinationBucketKeyPrefix?: string; SystemMetadata: Record<string, string> });
    const assets = deployments.find((d) => d.DestinationBucketKeyPrefix === 'assets/')!.SystemMetadata['cache-control'];
    const site = deployments.find((d) => !d.DestinationBucketKeyPrefix)!.SystemMetadata['cache-control'];
    const html = await (await get('/')).text();
    const entry = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)![1]!;
    expect((await get(entry)).headers.get('cache-control')).toBe(assets);
    for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/config.json', '/docs/user-flow.md']) {
      const response = await get(path);
      expect([path, response.status, response.headers.get('cache-control')]).toEqual([path, 200, site]);
    }
  });

  it('routes as the CloudFront Function does, answers a missing file as S3 does, revalidates by ETag and compresses', async () => {
    const index = await (await get('/index.html')).text();
    for (const route of ['/app/history', '/admin', '/stations/', '/no-such-page']) expect(await (await get(route)).text()).toBe(index);
    expect(await (await get('/docs/user-flow.md')).text()).toBe(readFileSync(join(local().webBuild!, 'docs/user-flow.md'), 'utf8'));
    expect((await get('/assets/no-such-file.js')).status).toBe(403);
    expect((await fetch(web + '/', { method: 'POST' })).status).toBe(403);

    const first = await get('/');
    expect((await get('/', { 'if-none-match': first.headers.get('etag')! })).status).toBe(304);
    // fetch() decodes bodies and hides Content-Encoding; node:http does not.
    const encoding = await new Promise<string | undefined>((resolve, reject) => {
      httpGet(web + '/', { headers: { 'accept-encoding': 'br' } }, (response) => {
        response.resume();
        resolve(response.headers['content-encoding']);
      }).on('error', reject);
    });
    expect(encoding).toBe('br');
  });

  it('serves /config.json as the deployment writes it, with the local pool reached on this origin and the sandbox payments mode', async () => {
    const config = await (await get('/config.json')).json();
    expect(config).toEqual({
      region,
      userPoolId: local().cognito.userPoolId,
      userPoolClientId: local().cognito.clientId,
      apiBaseUrl: '/api',
      userPoolEndpoint: LOCAL_COGNITO_PATH,
      paymentsMode: 'sandbox',
    });
    // cognito-local answers there, on the site's origin.
    const response = await fetch(web + LOCAL_COGNITO_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'no-such-client', AuthParameters: {} }),
    });
    expect(((await response.json()) as { __type: string }).__type).toBe('ResourceNotFoundException');
  });

  it("serves a production build (React's production version, even when built under vitest's NODE_ENV=test)", async () => {
    const html = await (await get('/')).text();
    const framework = /href="(\/assets\/framework-[\w-]+\.js)"/.exec(html)![1]!;
    const js = await (await get(framework)).text();
    expect(js).toContain('react.transitional.element');
    expect(js).not.toContain('Download the React DevTools');
  });

  it('links the web manifest and the service worker of the build', async () => {
    const html = await (await get('/')).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('src="/registerSW.js"');
    expect(await (await get('/manifest.webmanifest')).json()).toMatchObject({ name: 'Bali Refill', start_url: '/' });
    expect(await (await get('/sw.js')).text()).toBe(readFileSync(join(local().webBuild!, 'sw.js'), 'utf8'));
  });
});

describe('Chromium under that CSP', () => {
  let browser: Browser;
  let page: Page;
  const failed: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = followRequests(await (await newContext(browser, { ...DESKTOP, locale: 'en-US' })).newPage());
    // A request to this origin that failed (say, upgraded to https, which nothing serves here); leaving a page aborts some, fairly.
    page.on('requestfailed', (request) => {
      const error = request.failure()?.errorText;
      if (request.url().startsWith(web) && error !== 'net::ERR_ABORTED') failed.push(`${request.url()} ${error}`);
    });
  });
  afterAll(async () => browser?.close());

  it('reports a violation when something breaks the policy (the guard every browser test runs under sees it)', async () => {
    await page.goto(web + '/about');
    await page.getByRole('heading', { name: 'Our Impact So Far' }).waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(() => takeCspViolations().join('\n')).toMatch(/script-src(-elem)? blocked inline/);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });

  it('loads the landing page (its inline preload script runs, nothing upgraded to https on 127.0.0.1) without a violation', async () => {
    await page.goto(web + '/');
    await page.getByRole('list', { name: 'Online stations' }).getByText('Seminyak Square').waitFor();
    // The inline script of the build added the landing page's preloads: the page.
    expect(await page.locator('link[rel=modulepreload][href^="/assets/LandingPage-"]').count()).toBeGreaterThan(0);
    const protocols = await page.evaluate(() => [...new Set(performance.getEntriesByType('resource').map((r) => new URL(r.name).protocol))]);
    expect(protocols).toEqual(['http:']);
    expect(failed).toEqual([]);
    expect(takeCspViolations()).toEqual([]);
  });

  it('loads the station finder without a violation', async () => {
    await page.goto(web + '/stations');
    await page.getByRole('heading', { name: 'Seminyak Square' }).waitFor();
    await page.locator('canvas').first().waitFor();
    // The map's style, tiles and glyphs have loaded (or failed) by now.
    await networkSettled(page);
    expect(failed).toEqual([]);
    expect(takeCspViolations()).toEqual([]);
  });

  it('signs in (Amplify through the same-origin Cognito path) and loads the app without a violation', async () => {
    const user = seededAccount('user');
    await signInInBrowser(page, user.username, user.password, web);
    await page.getByTestId('balance').waitFor();
    await page.goto(web + '/app/history');
    await page.getByRole('list', { name: 'Transactions' }).waitFor();
    expect(failed).toEqual([]);
    expect(takeCspViolations()).toEqual([]);
  });

  it('signs the admin in and loads the admin console without a violation', async () => {
    await adminSignInInBrowser(page, web);
    await page.getByRole('table', { name: 'Machines' }).waitFor();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('table', { name: 'Users' }).waitFor();
    expect(failed).toEqual([]);
    expect(takeCspViolations()).toEqual([]);
  });
});
