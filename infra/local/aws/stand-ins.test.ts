import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AttachPolicyCommand,
  AttachThingPrincipalCommand,
  CreateKeysAndCertificateCommand,
  CreateThingCommand,
  DeleteCertificateCommand,
  DescribeEndpointCommand,
  DetachPolicyCommand,
  DetachThingPrincipalCommand,
  IoTClient,
  UpdateCertificateCommand,
} from '@aws-sdk/client-iot';
import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { LocationClient, SearchPlaceIndexForTextCommand } from '@aws-sdk/client-location';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { AddTagsToResourceCommand, GetParametersCommand, PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GazetteerGeocoder } from '@functions/fleet/adapters/gazetteer/gazetteer-geocoder';
import { LocalCa } from '../adapters/local-ca';
import { LocalCustomResourceResponses } from './cloudformation';
import { serveAws, type AwsHandler, type ServedHandler } from './http';
import { certificateId, LocalIotRegistry } from './iot';
import { LocalIotData } from './iot-data';
import { LocalLocation } from './location';
import { LocalSecretsManager } from './secrets-manager';
import { LocalSes } from './ses';
import { LocalParameterStore } from './ssm';

/** Each stand-in served on a port of its own and called by the real AWS SDK client, as functions call AWS. */
const account = { region: 'ap-southeast-1', accountId: '123456789012' };
const client = { region: account.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const served: ServedHandler[] = [];
const serve = async (handler: AwsHandler) => {
  const server = await serveAws(handler);
  served.push(server);
  return server.url;
};
let dir: string;
let ca: LocalCa;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'aws-stand-ins-'));
  ca = await LocalCa.open(dir);
});
afterAll(async () => {
  await Promise.all(served.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe('local AWS stand-ins', () => {
  it('Secrets Manager: reads the current version by ARN or name, and a put makes a new current version', async () => {
    const secrets = new LocalSecretsManager(account);
    const arn = secrets.create({ name: 'signing', value: '{"privateKeyPem":null}' });
    expect(arn).toMatch(/^arn:aws:secretsmanager:ap-southeast-1:123456789012:secret:signing-.{6}$/);
    const sm = new SecretsManagerClient({ ...client, endpoint: await serve(secrets.handle) });
    expect((await sm.send(new GetSecretValueCommand({ SecretId: 'signing' }))).SecretString).toBe('{"privateKeyPem":null}');
    await sm.send(new PutSecretValueCommand({ SecretId: arn, SecretString: '{"privateKeyPem":"PEM"}' }));
    expect((await sm.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString).toBe('{"privateKeyPem":"PEM"}');
    await expect(sm.send(new GetSecretValueCommand({ SecretId: 'other' }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    // What an operator puts in (the parity scenario's server key) is the next current version.
    secrets.put('signing', '{"privateKeyPem":"NEXT"}');
    expect((await sm.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString).toBe('{"privateKeyPem":"NEXT"}');
  });

  it('SES: SendEmail keeps the e-mail (sender, recipients, subject, configuration set) and answers a message id', async () => {
    const ses = new LocalSes();
    const sesClient = new SESv2Client({ ...client, endpoint: await serve(ses.handle) });
    const sent = await sesClient.send(new SendEmailCommand({
      FromEmailAddress: 'Bali Refill <no-reply@bali-refill.id>', Destination: { ToAddresses: ['guest@example.com'] }, ConfigurationSetName: 'mail',
      Content: { Simple: { Subject: { Data: 'Your receipt' }, Body: { Text: { Data: 'Thank you' } } } },
    }));
    expect(sent.MessageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ses.sent).toEqual([{ from: 'Bali Refill <no-reply@bali-refill.id>', to: ['guest@example.com'], subject: 'Your receipt', configurationSet: 'mail' }]);
    await expect(sesClient.send(new SendEmailCommand({ FromEmailAddress: 'a@b.c', Destination: { ToAddresses: [] }, Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } } } } }))).rejects.toMatchObject({ name: 'BadRequestException' });
  });

  it("IoT: provisions a thing with a certificate of the local CA, and undoes it only in IoT's order", async () => {
    const registry = new LocalIotRegistry(ca, account, () => 'localhost:8443');
    registry.definePolicy('StationPolicy');
    registry.defineThingType('Station');
    const iot = new IoTClient({ ...client, endpoint: await serve(registry.handle) });
    await expect(iot.send(new CreateThingCommand({ thingName: 'HRL-00001', thingTypeName: 'Other' }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    await iot.send(new CreateThingCommand({ thingName: 'HRL-00001', thingTypeName: 'Station' }));
    const cert = await iot.send(new CreateKeysAndCertificateCommand({ setAsActive: true }));
    expect(cert.certificateId).toBe(certificateId(cert.certificatePem!));
    expect(cert.keyPair?.PrivateKey).toContain('PRIVATE KEY');
    await iot.send(new AttachPolicyCommand({ policyName: 'StationPolicy', target: cert.certificateArn }));
    await iot.send(new AttachThingPrincipalCommand({ thingName: 'HRL-00001', principal: cert.certificateArn }));
    expect(registry.thingOfCertificate(cert.certificatePem!)).toBe('HRL-00001');
    expect((await iot.send(new DescribeEndpointCommand({ endpointType: 'iot:Data-ATS' }))).endpointAddress).toBe('localhost:8443');

    // The undo of a failed provisioning: an active or attached certificate cannot be deleted.
    const deleteCertificate = () => iot.send(new DeleteCertificateCommand({ certificateId: cert.certificateId }));
    await expect(deleteCertificate()).rejects.toMatchObject({ name: 'CertificateStateException' });
    await iot.send(new UpdateCertificateCommand({ certificateId: cert.certificateId, newStatus: 'INACTIVE' }));
    await expect(deleteCertificate()).rejects.toMatchObject({ name: 'DeleteConflictException' });
    await iot.send(new DetachThingPrincipalCommand({ thingName: 'HRL-00001', principal: cert.certificateArn }));
    await iot.send(new DetachPolicyCommand({ policyName: 'StationPolicy', target: cert.certificateArn }));
    await deleteCertificate();
    expect(registry.snapshot().certificates).toEqual([]);
  });

  it('IoT data plane: Publish hands topic, payload and QoS on', async () => {
    const sent: string[] = [];
    const data = new LocalIotData(async (topic, payload, qos) => void sent.push(`${topic} ${payload.toString()} ${qos}`));
    const plane = new IoTDataPlaneClient({ ...client, endpoint: await serve(data.handle) });
    await plane.send(new PublishCommand({ topic: 'stations/HRL-00001/vend/authorized', qos: 1, payload: new TextEncoder().encode('{"ok":true}') }));
    expect(sent).toEqual(['stations/HRL-00001/vend/authorized {"ok":true} 1']);
  });

  it('Amazon Location: searches the gazetteer in the indexes that exist', async () => {
    const location = new LocalLocation(new GazetteerGeocoder());
    location.defineIndex('places');
    // The SDK puts `places.` before the endpoint's host: a name that resolves to loopback is needed.
    const endpoint = (await serve(location.handle)).replace('127.0.0.1', 'localhost');
    const geo = new LocationClient({ ...client, endpoint, disableHostPrefix: true });
    const found = await geo.send(new SearchPlaceIndexForTextCommand({ IndexName: 'places', Text: 'Ubud, Bali', MaxResults: 5 }));
    expect(found.Results?.length).toBeGreaterThan(0);
    expect(found.Results?.[0]?.Place?.Geometry?.Point).toHaveLength(2);
    await expect(geo.send(new SearchPlaceIndexForTextCommand({ IndexName: 'other', Text: 'Ubud' }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('SSM: parameters put, read and tagged as aws-cdk-lib\'s cross-region references use them', async () => {
    const store = new LocalParameterStore(account);
    const ssm = new SSMClient({ ...client, endpoint: await serve(store.handle) });
    await ssm.send(new PutParameterCommand({ Name: '/cdk/exports/App/acl', Value: 'arn:acl', Type: 'String', Overwrite: true }));
    const read = await ssm.send(new GetParametersCommand({ Names: ['/cdk/exports/App/acl', '/nothing'] }));
    expect(read.Parameters?.map((p) => p.Value)).toEqual(['arn:acl']);
    expect(read.InvalidParameters).toEqual(['/nothing']);
    await ssm.send(new AddTagsToResourceCommand({ ResourceType: 'Parameter', ResourceId: '/cdk/exports/App/acl', Tags: [{ Key: 'k', Value: 'v' }] }));
    await expect(ssm.send(new AddTagsToResourceCommand({ ResourceType: 'Parameter', ResourceId: '/nothing', Tags: [] }))).rejects.toMatchObject({ name: 'InvalidResourceId' });
  });

  it("CloudFormation's ResponseURL: the function's PUT resolves the request it belongs to", async () => {
    let base = '';
    const responses = new LocalCustomResourceResponses(() => base);
    base = await serve(responses.handle);
    const { requestId, responseUrl } = responses.newRequest();
    const answer = await fetch(responseUrl, { method: 'PUT', body: JSON.stringify({ Status: 'SUCCESS', RequestId: requestId, Data: { IotEndpoint: 'x' } }) });
    expect(answer.status).toBe(200);
    await expect(responses.response(requestId, 1000)).resolves.toMatchObject({ Status: 'SUCCESS', Data: { IotEndpoint: 'x' } });
    expect((await fetch(`${base}/cloudformation-responses/unknown`, { method: 'PUT', body: '{}' })).status).toBe(403);
  });
});
