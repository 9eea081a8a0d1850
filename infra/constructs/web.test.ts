import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { describe, expect, it } from 'vitest';
import { fakeWebBuild, flat, only, resources, testStack } from './testing';
import { DEFAULT_TILE_HOSTS, inlineScriptSources, SPA_REWRITE_CODE, Web, type WebProps } from './web';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/test/abc';

function build(props: Partial<WebProps> = {}) {
  const stack = testStack();
  const originVerifySecret = new Secret(stack, 'OriginVerify');
  const stationListBucket = new Bucket(stack, 'StationList');
  const web = new Web(stack, 'Web', {
    originVerifySecret,
    stationListBucket,
    apiOriginDomainName: 'abc123.execute-api.ap-southeast-1.amazonaws.com',
    cognitoEndpoint: 'https://cognito-idp.ap-southeast-1.amazonaws.com',
    photoUploadSource: 'https://*.s3.ap-southeast-1.amazonaws.com',
    webAclArn: WEB_ACL_ARN,
    distDir: fakeWebBuild(),
    runtimeConfig: { region: 'ap-southeast-1', userPoolId: 'pool', userPoolClientId: 'client', apiBaseUrl: '/api' },
    ...props,
  });
  return { stack, web, originSecret: originVerifySecret, stationListBucket, template: Template.fromStack(stack) };
}

/** Runs the CloudFront Function's code on a request URI (cloudfront-js-2.0 is plain ES5.1+ here). */
function rewrite(uri: string): string {
  const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

describe('Web construct', () => {
  const { stack, web, originSecret, stationListBucket, template } = build();
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
  const distribution = () => resources(template, 'AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig as Record<string, any>;
  const behavior = (pattern: string) => distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);

  it('keeps the site bucket private, encrypted, TLS-only, logging to the log bucket', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      LoggingConfiguration: { DestinationBucketName: { Ref: id(web.logBucket) } },
    });
    for (const bucket of [web.siteBucket, web.logBucket]) {
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id(bucket) },
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      });
    }
    // Only CloudFront (through OAC) may read the site bucket.
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id(web.siteBucket) },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      },
    });
  });

  it('serves the bucket through origin access control with index.html as root object and the SPA rewrite function', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    const s3Origin = config.Origins.find((o: { Id: string }) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
    expect(flat(s3Origin.DomainName)).toBe(`<${id(web.siteBucket)}.RegionalDomainName>`);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    // One per S3 origin: the site and the station list file.
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [stack.getLogicalId(web.spaRewrite.node.defaultChild as CfnElement), 'FunctionARN'] } },
    ]);
    // SPA fallback must not be done with error responses: they would turn API 404s into HTML.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.WebACLId).toBe(WEB_ACL_ARN);
    expect(config.Logging.Bucket).toEqual({ 'Fn::GetAtt': [id(web.logBucket), 'RegionalDomainName'] });
  });

  it('rewrites prerendered pages to their own HTML, other extension-less paths to /index.html and leaves files alone', () => {
    expect(rewrite('/')).toBe('/home.html');
    expect(rewrite('/api-docs')).toBe('/api-docs.html');
    expect(rewrite('/stations')).toBe('/stations.html');
    expect(rewrite('/docs')).toBe('/docs.html');
    // Only the exact paths: a trailing slash or a deeper path gets the shell, which renders it in the browser.
    expect(rewrite('/about/')).toBe('/index.html');
    expect(rewrite('/stations/x')).toBe('/index.html');
    expect(rewrite('/constructor')).toBe('/index.html');
    expect(rewrite('/app/history')).toBe('/index.html');
    expect(rewrite('/admin/dashboard-simple')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/docs/user-flow.md')).toBe('/docs/user-flow.md');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/.well-known/apple-developer-merchantid-domain-association')).toBe('/.well-known/apple-developer-merchantid-domain-association');
    // Every station's sticker page is the one frame; only one segment after /s/, without a dot.
    expect(rewrite('/s/HRL-00001')).toBe('/station.html');
    expect(rewrite('/s/HRL%2000001')).toBe('/station.html');
    expect(rewrite('/s/')).toBe('/index.html');
    expect(rewrite('/s/HRL-00001/')).toBe('/index.html');
    expect(rewrite('/s/HRL-00001/more')).toBe('/index.html');
    expect(rewrite('/s')).toBe('/index.html');
    expect(rewrite('/s/sticker.png')).toBe('/s/sticker.png');
    expect(rewrite('/app/s/HRL-00001')).toBe('/index.html');
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionConfig: { Runtime: 'cloudfront-js-2.0' } });
  });

  it('sends /api/* to the HTTP API, uncached, everything but Host forwarded, HTTPS only', () => {
    const config = distribution();
    expect(config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern).sort()).toEqual(['/api/*', '/data/*']);
    const api = behavior('/api/*');
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'https-only',
    });
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    expect(api.FunctionAssociations).toBeUndefined();
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(origin).toMatchObject({
      DomainName: 'abc123.execute-api.ap-southeast-1.amazonaws.com',
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
    });
  });

  it('serves the station list file from its own bucket through origin access control, cached as its Cache-Control says', () => {
    const data = behavior('/data/*');
    expect(data).toMatchObject({ CachePolicyId: CACHING_OPTIMIZED, ViewerProtocolPolicy: 'redirect-to-https', Compress: true });
    expect(data.AllowedMethods).toEqual(['GET', 'HEAD']);
    const origin = distribution().Origins.find((o: { Id: string }) => o.Id === data.TargetOriginId);
    expect(flat(origin.DomainName)).toBe(`<${id(stationListBucket)}.RegionalDomainName>`);
    expect(origin.OriginAccessControlId).toBeDefined();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id(stationListBucket) },
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' })]) },
    });
  });

  it('sends the API the origin secret as a Secrets Manager dynamic reference, never its value', () => {
    const config = distribution();
    const origin = config.Origins.find((o: { Id: string }) => o.Id === behavior('/api/*').TargetOriginId);
    expect(origin.OriginCustomHeaders).toHaveLength(1);
    expect(origin.OriginCustomHeaders[0].HeaderName).toBe('x-origin-verify');
    expect(flat(origin.OriginCustomHeaders[0].HeaderValue)).toBe(`{{resolve:secretsmanager:<${id(originSecret)}>:SecretString:::}}`);
  });

  it('adds strict security headers to every response', () => {
    const [policyId, policy] = only(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    const headers = (policy.Properties!.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, any> }).SecurityHeadersConfig;
    const csp = flat(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d]));
    expect(directives['default-src']).toBe("default-src 'self'");
    expect(directives['script-src']).toBe("script-src 'self'");
    expect(directives['frame-src']).toBe("frame-src 'self'");
    expect(directives['object-src']).toBe("object-src 'none'");
    expect(directives['style-src']).toBe("style-src 'self' 'unsafe-inline'");
    expect(directives['img-src']).toBe(`img-src 'self' data: blob: ${DEFAULT_TILE_HOSTS.join(' ')}`);
    expect(directives['connect-src']).toContain("connect-src 'self' https://cognito-idp.ap-southeast-1.amazonaws.com https://*.s3.ap-southeast-1.amazonaws.com");
    // The browser fetches the card wallets' payment method manifests before the top-up sheet can offer them.
    for (const source of ['https://google.com/pay', 'https://pay.google.com', 'https://apple.com/apple-pay']) expect(directives['connect-src']!.split(' ')).toContain(source);
    expect(directives['worker-src']).toBe("worker-src 'self' blob:");
    expect(directives['frame-ancestors']).toBe("frame-ancestors 'none'");
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    const config = distribution();
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    for (const b of config.CacheBehaviors) expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('deploys the build (hashed assets apart, cached for a year) with /config.json and invalidates CloudFront', () => {
    const deployments = resources(template, 'Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const site = deployments.find(([, d]) => d.Properties!.DistributionPaths)!;
    expect(site[1].Properties).toMatchObject({ DistributionPaths: ['/*'], Prune: true, Exclude: ['assets/*'] });
    expect(site[1].Properties!.SourceObjectKeys).toHaveLength(2); // the build and /config.json
    const assets = deployments.find(([, d]) => d.Properties!.DestinationBucketKeyPrefix === 'assets/')!;
    expect(assets[1].Properties).toMatchObject({ Prune: false, SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
    Annotations.fromStack(stack).hasNoWarning('*', Match.stringLikeRegexp('not deployed'));
  });
});

describe('Web construct with the build\'s inline script', () => {
  const script = '(function(p){console.log(p)})({"/":["/assets/home-abc.js"]})';
  const distDir = fakeWebBuild();
  writeFileSync(
    join(distDir, 'index.html'),
    `<!doctype html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script><script>${script}</script><script id="sw" src="/registerSW.js" defer></script></head>`,
  );
  const { template } = build({ distDir });

  it('allows exactly that script by its hash, and no script with a src beyond \'self\'', () => {
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(inlineScriptSources(distDir)).toEqual([hash]);
    const [, policy] = only(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    const csp = flat((policy.Properties!.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, any> }).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).toBe(`script-src 'self' ${hash}`);
  });
});

describe('Web construct with a prerendered page\'s first-paint script', () => {
  const preload = '(function(){})()';
  const firstPaint = '(()=>{fetch("/data/stations.json")})()';
  const distDir = fakeWebBuild();
  writeFileSync(join(distDir, 'index.html'), `<!doctype html><head><script>${preload}</script></head>`);
  writeFileSync(join(distDir, 'station.html'), `<!doctype html><head><script>${firstPaint}</script><script>${preload}</script></head>`);
  const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

  it('allows the shell\'s script and the page\'s own, each once', () => {
    expect(inlineScriptSources(distDir)).toEqual([hash(preload), hash(firstPaint)]);
  });
});

describe('Web construct without a build', () => {
  const { stack, template } = build({ distDir: '/nonexistent/dist/web', webAclArn: undefined });

  it('skips the deployment with a synth-time warning', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(stack).hasWarning('/Test/Web', Match.stringLikeRegexp('index.html not found.*npm run build'));
  });
});
