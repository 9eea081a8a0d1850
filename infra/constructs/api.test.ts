import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { handlerEntry } from '@functions/http/registry';
import { routeIds, routes } from '@shared/routes';
import { type RouteDefinition } from '@shared/routes/route';
import { settingsFor } from '@functions/platform/environment';
import { accessIn, Api, COGNITO_ADMIN_ACTIONS, GEOCODER_ACTIONS, routeNeeds, SECOND_FACTOR_ACTIONS } from './api';
import { MONEY_TAG } from './common';
import { Data } from './data';
import { Identity } from './identity';
import { Mail } from './mail';
import { UploadedFiles } from './uploaded-files';
import { AppSecrets } from './secrets';
import { FunctionSettings } from './settings';
import { Stations } from './stations';
import {
  actionsOf,
  expectedTableGrants,
  flat,
  functionRole,
  only,
  refId,
  resources,
  roleStatements,
  tableGrantsOf,
  testStack,
  withNestedStacks,
  XRAY_ACTIONS,
} from './testing';

describe('Api construct', () => {
  const stack = testStack();
  const data = new Data(stack, 'Data');
  const secrets = new AppSecrets(stack, 'Secrets');
  const identity = new Identity(stack, 'Identity');
  const mail = new Mail(stack, 'Mail', { from: 'Bali Refill <no-reply@example.org>' });
  const files = new UploadedFiles(stack, 'UploadedFiles');
  const stations = new Stations(stack, 'Stations', { data, secrets, mail });
  // What the setup resource and the web front provide in the whole app.
  const settings = FunctionSettings.of(stack);
  settings.provide('IOT_ENDPOINT', 'abc123-ats.iot.ap-southeast-1.amazonaws.com');
  settings.provide('ORIGIN_VERIFY_SHA256', 'a'.repeat(64));
  settings.provide('PAYMENTS_MODE', 'live');
  settings.provide('PAYMENT_NOTIFICATION_URL', 'https://d123.cloudfront.net/api/payments/notification');
  settings.provide('SITE_URL', 'https://d123.cloudfront.net');
  const api = new Api(stack, 'Api', { data, identity, mail, files, secrets, stations, throttle: { rateLimit: 25, burstLimit: 50 } });
  const { template, idOf } = withNestedStacks(stack);
  const all = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
  const id = (c: { node: { defaultChild?: unknown } }) => idOf(c.node.defaultChild as CfnElement);

  it('puts the routes of each tag in a nested stack of their own, each far under the 500 resources of a stack', () => {
    const tags = new Set(routeIds.map((routeId) => (routes[routeId] as RouteDefinition).tag));
    expect([...api.routeGroups.keys()].sort()).toEqual([...tags].sort());
    for (const routeId of routeIds) expect(Stack.of(api.functions[routeId]), routeId).toBe(api.routeGroups.get((routes[routeId] as RouteDefinition).tag));
    for (const group of api.routeGroups.values()) expect(Object.keys(Template.fromStack(group).toJSON().Resources).length).toBeLessThan(400);
    // The API, its stage and its authorizer stay in the app's stack.
    expect(Object.keys(Template.fromStack(stack).findResources('AWS::ApiGatewayV2::Authorizer'))).toHaveLength(1);
  });

  it('builds one function per route table entry from handlerEntry(id), Node 22 on arm64', () => {
    expect(Object.keys(api.functions).sort()).toEqual([...routeIds].sort());
    for (const routeId of routeIds) {
      const route: RouteDefinition = routes[routeId];
      const fn = all[id(api.functions[routeId].function)]!.Properties;
      expect(fn).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', Description: `${route.method} ${route.path} (${routeId})` });
      expect(fn.Environment.Variables).toMatchObject({ NODE_OPTIONS: '--enable-source-maps', ORIGIN_VERIFY_SHA256: 'a'.repeat(64) });
      if (route.access.table) expect(fn.Environment.Variables.TABLE_NAME).toEqual({ Ref: id(data.table) });
      expect(fn.LoggingConfig.LogGroup).toEqual({ Ref: id(api.functions[routeId].logGroup) });
      expect(api.functions[routeId].node.tryFindChild('Function')).toBeDefined();
      expect(handlerEntry(routeId)).toBe(`functions/http/routes/${routeId}.ts`);
    }
  });

  it('creates one route per entry, the JWT authorizer on exactly the non-public ones', () => {
    const httpRoutes = resources(template, 'AWS::ApiGatewayV2::Route');
    expect(httpRoutes).toHaveLength(routeIds.length);
    const [authorizerId] = only(template, 'AWS::ApiGatewayV2::Authorizer');
    for (const routeId of routeIds) {
      const route: RouteDefinition = routes[routeId];
      const found = httpRoutes.find(([, r]) => r.Properties!.RouteKey === `${route.method} ${route.path}`);
      expect(found, routeId).toBeDefined();
      const props = found![1].Properties!;
      if (route.auth === 'public') {
        expect(props.AuthorizationType ?? 'NONE', routeId).toBe('NONE');
        expect(props.AuthorizerId, routeId).toBeUndefined();
      } else {
        expect(props.AuthorizationType, routeId).toBe('JWT');
        expect(refId(props.AuthorizerId), routeId).toBe(authorizerId);
      }
      // The route's integration calls this route's function.
      const integrationId = flat(props.Target).match(/^integrations\/<(\w+)>$/)![1]!;
      expect(refId(all[integrationId]!.Properties.IntegrationUri), routeId).toBe(id(api.functions[routeId].function));
    }
  });

  it('has a JWT authorizer with the user pool as issuer and the web client as audience', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [{ Ref: id(identity.webClient) }] },
    });
    const [, authorizer] = only(template, 'AWS::ApiGatewayV2::Authorizer');
    expect(flat((authorizer.Properties!.JwtConfiguration as { Issuer: unknown }).Issuer)).toBe(
      `https://cognito-idp.ap-southeast-1.amazonaws.com/<${id(identity.userPool)}>`,
    );
  });

  it('throttles the default stage and writes access logs to a log group with retention', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 25, ThrottlingBurstLimit: 50 },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [id(api.accessLogs), 'Arn'] }, Format: Match.stringLikeRegexp('\\$context.requestId') },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it("grants each function exactly what its entry's access field declares", () => {
    for (const routeId of routeIds) {
      const route = routes[routeId] as RouteDefinition;
      const access = accessIn(route, 'live');
      const statements = roleStatements(template, functionRole(template, id(api.functions[routeId].function)));
      const actions = actionsOf(statements);
      const env = all[id(api.functions[routeId].function)]!.Properties.Environment.Variables as Record<string, unknown>;
      const has = (list: string[]) => list.every((a) => actions.has(a));
      const hasAny = (list: string[]) => list.some((a) => actions.has(a));

      expect(has(['logs:CreateLogStream', 'logs:PutLogEvents']), routeId).toBe(true);
      // The table's ARN as the route's nested stack receives it (a parameter), without an index.
      const tableArn = statements.flatMap((st) => ([] as unknown[]).concat(st.Resource)).map(flat).find((r) => r.includes('DataTable'))?.replace(/\/index\/\w+$/, '') ?? '';
      expect(tableGrantsOf(statements), `${routeId} table`).toEqual(access.table ? expectedTableGrants(access.table, tableArn) : []);
      expect(actions.has('iot:Publish'), `${routeId} iot`).toBe(Boolean(access.iotPublish));
      expect(has(COGNITO_ADMIN_ACTIONS), `${routeId} cognito`).toBe(Boolean(access.cognito));
      expect(hasAny(COGNITO_ADMIN_ACTIONS.filter((a) => !SECOND_FACTOR_ACTIONS.includes(a))), `${routeId} cognito`).toBe(Boolean(access.cognito));
      // A route that moves money reads its caller's MFA settings, and nothing else of Cognito unless it needs more.
      expect(has(SECOND_FACTOR_ACTIONS), `${routeId} second factor`).toBe(Boolean(access.cognito || route.secondFactor));
      expect(has(GEOCODER_ACTIONS), `${routeId} geocoder`).toBe(Boolean(access.geocoder));
      expect(actions.has('iot:CreateThing'), `${routeId} provisioning`).toBe(Boolean(access.iotProvisioning));
      expect(actions.has('iot:CreateJob'), `${routeId} creates jobs`).toBe(access.iotJobs === 'create');
      expect(actions.has('iot:CancelJob'), `${routeId} cancels jobs`).toBe(access.iotJobs === 'cancel');
      expect(actions.has('ses:SendEmail'), `${routeId} mail`).toBe(Boolean(access.mail));
      const keep = ['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject'];
      expect([...actions].filter((a) => a.startsWith('s3:')).sort(), `${routeId} files`).toEqual(
        { upload: ['s3:PutObject'], keepPhoto: keep, keepLabReport: keep, readPhoto: ['s3:GetObject', 's3:ListBucket'], readLabReport: ['s3:GetObject', 's3:ListBucket'], none: [] }[access.files ?? 'none'],
      );
      // Exactly the settings of its needs, nothing else.
      expect(Object.keys(env).filter((k) => k !== 'NODE_OPTIONS').sort(), `${routeId} settings`).toEqual(settingsFor(routeNeeds({ access, secondFactor: route.secondFactor })).sort());

      // Each function reads only its own secret.
      const secretReads = statements.filter((s) => ([] as string[]).concat(s.Action).includes('secretsmanager:GetSecretValue'));
      const readable = secretReads.flatMap((s) => ([] as unknown[]).concat(s.Resource)).map(refId).sort();
      const own = [...(access.paymentSecret ? [id(secrets.paymentGateway)] : []), ...(access.signingKey ? [id(secrets.signingKey)] : [])].sort();
      expect(readable, `${routeId} secrets`).toEqual(own);

      if (access.iotPublish) {
        const publish = statements.filter((s) => ([] as string[]).concat(s.Action).includes('iot:Publish'));
        expect(publish.flatMap((s) => ([] as unknown[]).concat(s.Resource)).map(flat)).toEqual([
          'arn:<AWS::Partition>:iot:<AWS::Region>:<AWS::AccountId>:topic/stations/*/vend/authorized',
        ]);
      }
      if (access.geocoder) {
        const geo = statements.find((s) => ([] as string[]).concat(s.Action).includes('geo:SearchPlaceIndexForText'))!;
        expect(geo.Resource).toEqual({ 'Fn::GetAtt': [idOf(api.placeIndex), 'Arn'] });
      }
      // Nothing but X-Ray segments and iot:CreateKeysAndCertificate (no resource types) is granted on "*".
      // (cdk.json's minimizePolicies merges statements on the same resource, so they are compared as one set.)
      const onStar = statements.filter((s) => ([] as unknown[]).concat(s.Resource).includes('*')).flatMap((s) => ([] as string[]).concat(s.Action));
      expect(onStar.sort(), routeId).toEqual([...(access.iotProvisioning ? ['iot:CreateKeysAndCertificate'] : []), ...XRAY_ACTIONS].sort());
    }
  });

  it('tags the functions of the routes of money, each granted exactly the table calls its entry lists', () => {
    for (const routeId of routeIds) {
      const route = routes[routeId] as RouteDefinition;
      const tags = (all[id(api.functions[routeId].function)]!.Properties.Tags ?? []) as { Key: string; Value: string }[];
      expect(tags.some((t) => t.Key === MONEY_TAG.key && t.Value === MONEY_TAG.value), routeId).toBe(Boolean(route.money));
      if (route.money && route.access.table) expect(typeof route.access.table, `${routeId} lists its table calls`).not.toBe('string');
    }
  });

  it("grants a card wallet's refill (publishing, the signing key) only where the gateway takes card wallets (sandbox)", () => {
    expect(accessIn(routes.purchase, 'live')).toMatchObject({ iotPublish: false, signingKey: false });
    expect(accessIn(routes.purchase, 'sandbox')).toMatchObject({ iotPublish: true, signingKey: true });
    expect(routeNeeds({ access: accessIn(routes.purchase, 'live') })).not.toContain('iotData');
    expect(routeNeeds({ access: accessIn(routes.purchase, 'sandbox') })).toEqual(expect.arrayContaining(['iotData', 'signingKey']));
    // A guest's order is paid by QRIS or GoPay at the live gateway too: it may start the station in either mode.
    expect(accessIn(routes.createGuestOrder, 'live')).toMatchObject({ iotPublish: true, signingKey: true });
  });

  it('has an Amazon Location place index for the geocoder', () => {
    template.hasResourceProperties('AWS::Location::PlaceIndex', { DataSource: 'Here', DataSourceConfiguration: { IntendedUse: 'SingleUse' } });
  });
});
