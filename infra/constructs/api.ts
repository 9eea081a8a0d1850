import { Aws, NestedStack, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CfnPlaceIndex } from 'aws-cdk-lib/aws-location';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerEntry } from '@functions/http/registry';
import { routeIds, routes, type RouteId } from '@shared/routes';
import { type RouteDefinition } from '@shared/routes/route';
import type { Need } from '@functions/platform/environment';
import { acknowledge, acknowledgeWildcardResource, AppFunction, grantSecretValue } from './common';
import type { Data } from './data';
import type { Identity } from './identity';
import type { Mail } from './mail';
import type { UploadedFiles } from './uploaded-files';
import type { AppSecrets } from './secrets';
import { FunctionSettings } from './settings';
import type { PaymentsMode } from './function-bundle';
import { paymentsModeOf } from './payments-mode';
import { grantIotJobs, VEND_TOKEN_TOPIC, type Stations } from './stations';

export const COGNITO_ADMIN_ACTIONS = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser', 'cognito-idp:ListUsersInGroup', 'cognito-idp:AdminUserGlobalSignOut'];
/** What a route that moves money reads of its caller: their MFA settings (shared/routes/, `secondFactor`). */
export const SECOND_FACTOR_ACTIONS = ['cognito-idp:AdminGetUser'];
/** The geocoder searches the place index for text (functions/fleet/adapters/location/), nothing else. */
export const GEOCODER_ACTIONS = ['geo:SearchPlaceIndexForText'];

export interface ApiProps {
  data: Data;
  identity: Identity;
  mail: Mail;
  files: UploadedFiles;
  secrets: AppSecrets;
  stations: Stations;
  /** Default-stage throttling: steady requests per second and burst. */
  throttle?: { rateLimit: number; burstLimit: number };
  /** Amazon Location data source of the place index (Here or Esri). */
  geocoderDataSource?: 'Here' | 'Esri';
  logRetention?: RetentionDays;
}

const toHttpMethod = (method: RouteDefinition['method']): HttpMethod => HttpMethod[method];

/** What a route's function may touch in a deployment of `mode`: an access only the sandbox gateway's paths use is left out of a live one. */
export function accessIn({ access }: Pick<RouteDefinition, 'access'>, mode: PaymentsMode) {
  const inMode = (given: boolean | 'sandbox' | undefined) => (given === 'sandbox' ? mode === 'sandbox' : Boolean(given));
  return { ...access, iotPublish: inMode(access.iotPublish), signingKey: inMode(access.signingKey) };
}
type Access = ReturnType<typeof accessIn>;

/** The settings a route's function needs (functions/platform/environment.ts), from what it may touch (accessIn) and check. */
export function routeNeeds({ access, secondFactor }: { access: Access; secondFactor?: true }): Need[] {
  const needs: Need[] = ['http'];
  if (access.table) needs.push('table');
  if (access.iotPublish) needs.push('iotData');
  if (access.iotProvisioning) needs.push('iotProvisioning');
  if (access.iotJobs) needs.push('iotJobs');
  if (access.cognito || secondFactor) needs.push('cognito');
  if (access.paymentSecret) needs.push('paymentSecret');
  if (access.signingKey) needs.push('signingKey');
  if (access.geocoder) needs.push('geocoder');
  if (access.mail) needs.push('mail');
  if (access.files) needs.push('files');
  return needs;
}

/**
 * The HTTP API: one function and one route per entry of the route table (shared/routes/), a Cognito JWT
 * authorizer on every route that is not public, and for each function exactly the data-plane access its entry's
 * `access` field declares.
 *
 * A route and its function are about eight CloudFormation resources (function, role, policy, log group, permission,
 * integration, route, alarm), and a stack holds at most 500. So the API itself (its stage, authorizer, access logs,
 * place index) stays in the app's stack and the routes of each tag of the route table live in a nested stack of
 * their own (`<Tag>Routes`), which CloudFormation deploys as part of the app's stack (docs/infrastructure.md).
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly authorizer: HttpAuthorizer;
  readonly accessLogs: LogGroup;
  readonly functions: Record<RouteId, AppFunction>;
  readonly routes: Record<RouteId, HttpRoute>;
  readonly placeIndex: CfnPlaceIndex;
  /** The nested stack of each tag's routes. */
  readonly routeGroups = new Map<RouteDefinition['tag'], NestedStack>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { identity } = props;
    const stack = Stack.of(this);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${stack.stackName}-api`,
      description: 'Bali Refill API (served to browsers through CloudFront under /api/*)',
      createDefaultStage: false,
    });

    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integration.latency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    // Made here rather than by the first route that uses it, so it does not live in one tag's nested stack.
    this.authorizer = new HttpAuthorizer(this, 'CognitoJwt', {
      httpApi: this.httpApi,
      authorizerName: 'CognitoJwt',
      type: HttpAuthorizerType.JWT,
      jwtIssuer: identity.issuerUrl,
      jwtAudience: [identity.webClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });
    const routeAuthorizer = HttpAuthorizer.fromHttpAuthorizerAttributes(this, 'CognitoJwtOfRoutes', {
      authorizerId: this.authorizer.authorizerId,
      authorizerType: HttpAuthorizerType.JWT,
    });

    this.placeIndex = new CfnPlaceIndex(this, 'PlaceIndex', {
      indexName: `${stack.stackName}-places`,
      dataSource: props.geocoderDataSource ?? 'Here',
      dataSourceConfiguration: { intendedUse: 'SingleUse' },
      pricingPlan: 'RequestBasedUsage',
      description: 'Address autocomplete for the admin Add Machine form (Bali only, filtered by the handler)',
    });
    FunctionSettings.of(this).provide('PLACE_INDEX_NAME', this.placeIndex.indexName);

    const functions = {} as Record<RouteId, AppFunction>;
    const httpRoutes = {} as Record<RouteId, HttpRoute>;
    for (const routeId of routeIds) {
      const route: RouteDefinition = routes[routeId];
      const access = accessIn(route, paymentsModeOf(this));
      const group = this.routeGroupOf(route.tag);
      const fn = new AppFunction(group, routeId, {
        entry: handlerEntry(routeId),
        description: `${route.method} ${route.path} (${routeId})`,
        needs: routeNeeds({ access, secondFactor: route.secondFactor }),
        logRetention: props.logRetention,
        money: route.money,
      });
      this.grantAccess(routeId, route, access, fn, props);
      functions[routeId] = fn;

      const authorizer: IHttpRouteAuthorizer | undefined = route.auth === 'public' ? undefined : routeAuthorizer;
      const httpRoute = new HttpRoute(group, `${routeId}Route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, toHttpMethod(route.method)),
        integration: new HttpLambdaIntegration(`${routeId}Integration`, fn.function),
        authorizer,
      });
      if (route.auth === 'public') {
        acknowledge(
          httpRoute,
          'AwsSolutions-APIG4',
          `${route.method} ${route.path} is public in the route table (shared/routes/, auth: 'public'); the handler validates its input, and answers only requests that came through CloudFront (x-origin-verify), where the WAF rate-limits public writes per IP.`,
        );
      }
      httpRoutes[routeId] = httpRoute;
    }
    this.functions = functions;
    this.routes = httpRoutes;
  }

  private routeGroupOf(tag: RouteDefinition['tag']): NestedStack {
    let group = this.routeGroups.get(tag);
    if (!group) {
      const name = `${tag[0]!.toUpperCase()}${tag.slice(1)}Routes`;
      group = new NestedStack(this, name, { description: `Bali Refill API: the routes tagged ${tag} in the route table` });
      this.routeGroups.set(tag, group);
    }
    return group;
  }

  get functionList(): { id: string; fn: AppFunction }[] {
    return Object.entries(this.functions).map(([id, fn]) => ({ id: `api-${id}`, fn }));
  }

  /** `https://<api id>.execute-api.<region>.amazonaws.com`, without a scheme: the CloudFront origin. */
  get originDomainName(): string {
    return `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
  }

  private grantAccess(routeId: RouteId, route: RouteDefinition, access: Access, fn: AppFunction, props: ApiProps): void {
    const { data, identity, mail, files, secrets, stations } = props;

    if (access.table) data.grant(fn.role, access.table);

    if (access.iotPublish) {
      // A payment route starts a paid refill: it sends the station its vend token and nothing else.
      const topics = `arn:${Aws.PARTITION}:iot:${Aws.REGION}:${Aws.ACCOUNT_ID}:topic/stations/*/${VEND_TOKEN_TOPIC}`;
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['iot:Publish'], resources: [topics] }));
      acknowledgeWildcardResource(
        fn.role,
        topics,
        `${routeId} sends a paid refill's vend token to the station it was paid at (stations/<id>/${VEND_TOKEN_TOPIC}), an id known only at run time; no other topic.`,
      );
    }
    if (access.paymentSecret) grantSecretValue(fn.role, secrets.paymentGateway);
    if (access.signingKey) grantSecretValue(fn.role, secrets.signingKey);
    if (access.cognito) {
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: COGNITO_ADMIN_ACTIONS, resources: [identity.userPool.userPoolArn] }));
    } else if (route.secondFactor) {
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: SECOND_FACTOR_ACTIONS, resources: [identity.userPool.userPoolArn] }));
    }
    if (access.geocoder) {
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: GEOCODER_ACTIONS, resources: [this.placeIndex.attrArn] }));
    }
    if (access.mail) mail.grantSend(fn.role);
    if (access.files) files.grant(fn.role, access.files);
    if (access.iotProvisioning) this.grantIotProvisioning(routeId, fn, stations);
    if (access.iotJobs) {
      grantIotJobs(fn, access.iotJobs, access.iotJobs === 'create'
        ? `${routeId} sends a remote command as an IoT job to the stations an admin picks: jobs are named per command and step, and things by station id, at run time.`
        : `${routeId} cancels the job of a command an admin stops: jobs are named per command and step at run time.`);
    }
  }

  /** Create a thing of the station type, a certificate and keys, attach the station policy; undo on failure. */
  private grantIotProvisioning(routeId: RouteId, fn: AppFunction, stations: Stations): void {
    const arn = (resource: string) => `arn:${Aws.PARTITION}:iot:${Aws.REGION}:${Aws.ACCOUNT_ID}:${resource}`;
    const things = arn('thing/*');
    const certs = arn('cert/*');
    const policyArn = arn(`policy/${stations.policy.ref}`);
    const thingTypeArn = arn(`thingtype/${stations.thingType.ref}`);
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['iot:CreateThing', 'iot:DeleteThing', 'iot:AttachThingPrincipal', 'iot:DetachThingPrincipal'],
        resources: [things, thingTypeArn, certs],
      }),
    );
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['iot:AttachPolicy', 'iot:DetachPolicy', 'iot:UpdateCertificate', 'iot:DeleteCertificate'],
        resources: [certs, policyArn],
      }),
    );
    // CreateKeysAndCertificate has no resource type: it can only be granted on "*".
    fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['iot:CreateKeysAndCertificate'], resources: ['*'] }));

    acknowledgeWildcardResource(fn.role, things, `${routeId} creates the thing of a new station; its name is the machine id entered by the admin.`);
    acknowledgeWildcardResource(fn.role, certs, `${routeId} attaches the certificate IoT Core just issued; its id is known only at run time.`);
    acknowledge(
      fn.role,
      'AwsSolutions-IAM5[Resource::*]',
      'iot:CreateKeysAndCertificate supports no resource-level permission (IAM service authorization reference); it is the only action granted on "*".',
    );
  }
}
