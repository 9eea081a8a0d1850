import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  type ResponseSecurityHeadersBehavior,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Policy } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from '@functions/http/origin';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { Construct } from 'constructs';
import { CARD_WALLET_CONNECT_SOURCES } from '@shared/card-wallets';
import { PRERENDERED_PAGES, STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { pagePathPattern } from '@shared/page-paths';
import type { RuntimeConfig } from '@shared/runtime-config';
import { acknowledge, acknowledgeWildcardResource } from './common';

const prerenderedFiles = Object.entries(PRERENDERED_PAGES).map(([path, file]) => [path, `/${file}`] as const);
/**
 * Rewrites a prerendered public page's path to its own HTML file (PRERENDERED_PAGES: an exact path, or a path of one of
 * its patterns such as /s/{stationId}, shared/page-paths.ts) and every other extension-less path (SPA routes) to
 * /index.html, the empty shell; files such as /docs/user-flow.md pass through, and so does /.well-known/ (e.g. Apple
 * Pay's extension-less domain-association file).
 */
export const SPA_REWRITE_CODE = `var PAGES = ${JSON.stringify(Object.fromEntries(prerenderedFiles.filter(([path]) => !path.includes('$'))))};
var PATTERNS = [${prerenderedFiles.filter(([path]) => path.includes('$')).map(([path, file]) => `[${new RegExp(pagePathPattern(path)).toString()}, ${JSON.stringify(file)}]`).join(', ')}];
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf('/.well-known/') === 0) {
    return request;
  }
  if (PAGES.hasOwnProperty(uri)) {
    request.uri = PAGES[uri];
    return request;
  }
  for (var i = 0; i < PATTERNS.length; i++) {
    if (PATTERNS[i][0].test(uri)) {
      request.uri = PATTERNS[i][1];
      return request;
    }
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** The path pattern of the station list file's behavior: the folder of STATION_LIST_SNAPSHOT_PATH. */
export const STATION_LIST_BEHAVIOR = `${STATION_LIST_SNAPSHOT_PATH.slice(0, STATION_LIST_SNAPSHOT_PATH.lastIndexOf('/'))}/*`;

export const DEFAULT_TILE_HOSTS = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'];

export interface WebProps {
  /** Domain name of the HTTP API (no scheme), the origin of /api/*. */
  apiOriginDomainName: string;
  /** The bucket of the public station list file, the origin of /data/* (StationList). */
  stationListBucket: IBucket;
  /** https://cognito-idp.<region>.amazonaws.com: the browser calls it directly (Amplify). */
  cognitoEndpoint: string;
  /** Where browsers post report photos (S3 presigned POSTs), allowed in connect-src. */
  photoUploadSource: string;
  /** Extra origins the browser fetches from (e.g. the Cognito hosted domain when federation is on). */
  extraConnectSources?: string[];
  /** Extra script and frame origins (e.g. https://pay.google.com once the wallet buttons load its script). */
  extraScriptSources?: string[];
  extraFrameSources?: string[];
  /** Map tile hosts (https://...), allowed in img-src and connect-src. */
  tileHosts?: string[];
  /** ARN of a WAF web ACL with CLOUDFRONT scope (it lives in us-east-1). */
  webAclArn?: string;
  /** Sent to the API as x-origin-verify (resolved by CloudFormation at deploy time, never written into the template). */
  originVerifySecret: ISecret;
  /** The built web app; deployed only when it holds an index.html. */
  distDir: string;
  /** Deploy-time values written to /config.json beside the app (pool ids and the like). */
  runtimeConfig?: RuntimeConfig;
}

/** What the security headers depend on; the local stand-in of CloudFront (infra/local/cloudfront.ts) passes the same. */
export type SecurityHeadersProps = Pick<WebProps, 'cognitoEndpoint' | 'photoUploadSource' | 'tileHosts' | 'extraConnectSources' | 'extraScriptSources' | 'extraFrameSources' | 'distDir'>;

function contentSecurityPolicy(props: SecurityHeadersProps): string {
  const tiles = props.tileHosts ?? DEFAULT_TILE_HOSTS;
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptSources(props.distDir), ...(props.extraScriptSources ?? [])].join(' '),
    ["frame-src 'self'", ...(props.extraFrameSources ?? [])].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...tiles].join(' '),
    ["connect-src 'self'", props.cognitoEndpoint, props.photoUploadSource, ...tiles, ...CARD_WALLET_CONNECT_SOURCES, ...(props.extraConnectSources ?? [])].join(' '),
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/**
 * The inline scripts of the built index.html (the build's preload script, see frontend/vite.config.ts) and of the
 * prerendered pages (PRERENDERED_PAGES: station.html fills its frame with an inline script of its own) as
 * 'sha256-...' sources for script-src: the CSP allows exactly the scripts of the build it is deployed with.
 */
export function inlineScriptSources(distDir: string): string[] {
  const sources = new Set<string>();
  for (const file of ['index.html', ...Object.values(PRERENDERED_PAGES)]) {
    const html = join(distDir, file);
    if (!existsSync(html)) continue;
    for (const [, body] of readFileSync(html, 'utf8').matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
      sources.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
    }
  }
  return [...sources];
}

/** The headers of the CloudFront response headers policy, on every response (the local stand-in sends the same). */
export function securityHeadersBehavior(props: SecurityHeadersProps): ResponseSecurityHeadersBehavior {
  return {
    contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props), override: true },
    strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: true, override: true },
    frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
    contentTypeOptions: { override: true },
    referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
  };
}

/** Where the content-hashed bundles live in the build and in the bucket. */
export const ASSETS_PREFIX = 'assets/';

/** Cache-Control of the content-hashed bundles (ASSETS_PREFIX) and of everything else, as the two deployments below set them. */
export const ASSETS_CACHE_CONTROL = [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()];
export const SITE_CACHE_CONTROL = [CacheControl.setPublic(), CacheControl.maxAge(Duration.seconds(0)), CacheControl.sMaxAge(Duration.days(1)), CacheControl.mustRevalidate()];

/**
 * The web front: a private bucket served by CloudFront through origin access control, SPA routing by a CloudFront
 * Function (so API 404s stay JSON), /api/* passed to the HTTP API uncached, strict security headers on everything.
 */
export class Web extends Construct {
  readonly siteBucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  readonly spaRewrite: CloudFrontFunction;
  readonly headers: ResponseHeadersPolicy;
  readonly deployment?: BucketDeployment;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    this.logBucket = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL grant.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.logBucket,
      'AwsSolutions-S1',
      'This is the access-log bucket (S3 server access logs and CloudFront logs land here); logging it into itself would loop.',
    );

    this.siteBucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/site/',
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Prerendered pages to their HTML, other SPA routes (no file extension) to /index.html',
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
    });

    this.headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Strict CSP, HSTS, no framing, nosniff, strict-origin-when-cross-origin',
      securityHeadersBehavior: securityHeadersBehavior(props),
    });

    // The API answers only requests carrying the origin secret (functions/http/route-handler.ts), so nobody reaches it
    // around CloudFront and its WAF. A dynamic reference: CloudFormation reads the secret when it deploys.
    const apiOrigin = new HttpOrigin(props.apiOriginDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() },
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${Stack.of(this).stackName} web app and /api`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_ALL,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: this.headers,
        functionAssociations: [{ function: this.spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // The station list file (STATION_LIST_SNAPSHOT_PATH): cached as long as its Cache-Control says (a few seconds),
        // with S3's ETag, so a browser's If-None-Match gets a 304 from the edge.
        [STATION_LIST_BEHAVIOR]: {
          origin: S3BucketOrigin.withOriginAccessControl(props.stationListBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          compress: true,
          responseHeadersPolicy: this.headers,
        },
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.headers,
          compress: true,
        },
      },
    });
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'No geo restriction on purpose: the audience is tourists from every country visiting Bali.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'Served on the default *.cloudfront.net certificate, for which CloudFront fixes the viewer policy at TLSv1; with a custom domain and ACM certificate the distribution already asks for TLSv1.2_2021.',
    );

    const indexHtml = join(props.distDir, 'index.html');
    if (existsSync(indexHtml)) {
      this.deployment = this.deploy(props);
    } else {
      Annotations.of(this).addWarningV2(
        'bali-refill:web-not-built',
        `${indexHtml} not found: the web app is not deployed. Run \`npm run build\` before \`cdk deploy\`.`,
      );
    }
  }

  private deploy(props: WebProps): BucketDeployment {
    const sources = [Source.asset(props.distDir, { exclude: [`${ASSETS_PREFIX}**`] })];
    if (props.runtimeConfig) sources.push(Source.jsonData('config.json', props.runtimeConfig));

    // Content-hashed bundles never change: cache them for a year and keep old ones for clients still on an old index.
    const assetsDir = join(props.distDir, ASSETS_PREFIX);
    let assets: BucketDeployment | undefined;
    if (existsSync(assetsDir)) {
      assets = new BucketDeployment(this, 'DeployAssets', {
        sources: [Source.asset(assetsDir)],
        destinationBucket: this.siteBucket,
        destinationKeyPrefix: ASSETS_PREFIX,
        prune: false,
        cacheControl: ASSETS_CACHE_CONTROL,
        memoryLimit: 512,
      });
    }
    // Everything else (index.html, service worker, manifest, docs) is revalidated by browsers; the edge is invalidated.
    const site = new BucketDeployment(this, 'DeploySite', {
      sources,
      destinationBucket: this.siteBucket,
      exclude: [`${ASSETS_PREFIX}*`],
      prune: true,
      cacheControl: SITE_CACHE_CONTROL,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (assets) site.node.addDependency(assets);

    this.acknowledgeDeploymentHandler();
    return site;
  }

  /**
   * The singleton Lambda behind every BucketDeployment of the stack, created by aws-cdk-lib at stack level with a
   * role and policy we do not shape. Each of its findings is acknowledged by name; anything else stays a finding.
   */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) return;
    acknowledge(
      handler,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'CDK BucketDeployment handler (runs at deploy time only): aws-cdk-lib gives its role the basic execution policy for its own logs.',
    );
    acknowledge(handler, 'AwsSolutions-L1', 'The CDK BucketDeployment handler runtime (Python, with the AWS CLI layer) is chosen by aws-cdk-lib, not by this app.');
    const actions: Record<string, string> = {
      's3:GetObject*': 'reads the staged web assets',
      's3:GetBucket*': 'reads the location of the asset and site buckets',
      's3:List*': 'lists the site bucket to sync and prune it',
      's3:DeleteObject*': 'prunes files no longer in the build',
      's3:Abort*': 'aborts failed multipart uploads',
    };
    for (const [action, why] of Object.entries(actions)) {
      acknowledge(handler, `AwsSolutions-IAM5[Action::${action}]`, `CDK BucketDeployment ${why} (grant written by aws-cdk-lib).`);
    }
    acknowledge(
      handler,
      'AwsSolutions-IAM5[Resource::*]',
      'CDK BucketDeployment creates and polls the CloudFront invalidation after a deploy; aws-cdk-lib grants cloudfront:CreateInvalidation/GetInvalidation on "*".',
    );
    acknowledgeWildcardResource(handler, this.siteBucket.arnForObjects('*'), 'CDK BucketDeployment writes every object of the site bucket (it syncs dist/web into it).');
    // The CDK bootstrap asset bucket's name depends on the synthesizer and environment: take it from the grant itself.
    const policy = handler.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy');
    const statements = policy instanceof Policy ? (stack.resolve(policy.document) as { Statement?: { Resource?: unknown }[] }).Statement ?? [] : [];
    for (const statement of statements) {
      for (const resource of ([] as unknown[]).concat(statement.Resource ?? [])) {
        const flat = flattenCfnReference(resource);
        if (/^arn:(aws|<AWS::Partition>):s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/.test(flat)) {
          acknowledge(handler, `AwsSolutions-IAM5[Resource::${flat}]`, 'CDK BucketDeployment reads the zipped build from the CDK bootstrap asset bucket.');
        }
      }
    }
  }
}
