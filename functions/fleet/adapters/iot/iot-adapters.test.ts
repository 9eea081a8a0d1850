import { X509Certificate } from 'node:crypto';
import {
  AttachPolicyCommand, AttachThingPrincipalCommand, CreateKeysAndCertificateCommand, CreateThingCommand, DeleteCertificateCommand,
  DetachPolicyCommand, IoTClient, UpdateCertificateCommand,
} from '@aws-sdk/client-iot';
import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { describe, expect, it } from 'vitest';
import type { AwsReply } from '@functions/platform/adapters/aws/aws-http-api';
import { recordingSender, sdkRecorder, sdkWireShape, signatureOf, TEST_CREDENTIALS, TEST_ENV, wireShape } from '@functions/platform/adapters/aws/aws-http-api.test-fakes';
import { amazonRootCa1Pem } from '@functions/platform/adapters/iot/amazon-root-ca';
import { iotApi, iotPath } from '@functions/platform/adapters/iot/iot-api';
import { IotDataStationMessages } from '@functions/vending/adapters/iot/iot-station-messages';
import { IotStationRegistry } from './iot-station-registry';

const ARN = 'arn:aws:iot:ap-southeast-1:123456789012:cert/abc123';
const json = (value: unknown): Partial<AwsReply> => ({ body: new TextEncoder().encode(JSON.stringify(value)) });
const certificate = json({
  certificateArn: ARN, certificateId: 'abc123', certificatePem: '-----BEGIN CERTIFICATE-----\nX\n-----END CERTIFICATE-----\n',
  keyPair: { PublicKey: 'pub', PrivateKey: 'fake-private-key-from-iot' },
});
const registry = (config: { policyName: string; thingTypeName: string; endpoint: string }, ...replies: Partial<AwsReply>[]) => {
  const sender = recordingSender(...replies);
  return { ...sender, registry: new IotStationRegistry(iotApi({ env: TEST_ENV, credentials: async () => TEST_CREDENTIALS, send: sender.send }), config) };
};
/** What IoT's SDK client sends for the same command. */
const sdkRequest = (command: object) => sdkWireShape(IoTClient, command);

describe('IoT Core station registry', () => {
  it("creates the thing, an active certificate with keys, attaches the policy and the certificate, as IoT's SDK client does, and returns the bundle", async () => {
    const ours = registry({ policyName: 'StationPolicy', thingTypeName: 'RefillStation', endpoint: 'abc-ats.iot.ap-southeast-1.amazonaws.com' }, json({ thingName: 'HRL-00042' }), certificate, {});
    const credentials = await ours.registry.provision('HRL-00042');
    expect(ours.requests.map(wireShape)).toEqual([
      await sdkRequest(new CreateThingCommand({ thingName: 'HRL-00042', thingTypeName: 'RefillStation' })),
      await sdkRequest(new CreateKeysAndCertificateCommand({ setAsActive: true })),
      await sdkRequest(new AttachPolicyCommand({ policyName: 'StationPolicy', target: ARN })),
      await sdkRequest(new AttachThingPrincipalCommand({ thingName: 'HRL-00042', principal: ARN })),
    ]);
    expect(signatureOf(ours.requests[0]!).scope).toBe('ap-southeast-1/iot/aws4_request');
    expect(credentials).toMatchObject({ certificateId: 'abc123', endpoint: 'abc-ats.iot.ap-southeast-1.amazonaws.com', privateKeyPem: 'fake-private-key-from-iot' });
    expect(new X509Certificate(credentials.rootCaPem).subject).toContain('CN=Amazon Root CA 1');
  });

  it('detaches, deactivates and deletes the certificate when a later step fails', async () => {
    const missing = { status: 404, headers: { 'x-amzn-errortype': 'ResourceNotFoundException' }, body: new TextEncoder().encode('{"message":"ResourceNotFound"}') };
    const ours = registry({ policyName: 'P', thingTypeName: 'T', endpoint: 'e' }, json({}), certificate, {}, missing, {});
    await expect(ours.registry.provision('HRL-00042')).rejects.toThrow('ResourceNotFound');
    expect(ours.requests.slice(4).map(wireShape)).toEqual([
      await sdkRequest(new DetachPolicyCommand({ policyName: 'P', target: ARN })),
      await sdkRequest(new UpdateCertificateCommand({ certificateId: 'abc123', newStatus: 'INACTIVE' })),
      await sdkRequest(new DeleteCertificateCommand({ certificateId: 'abc123' })),
    ]);
  });

  it("encodes each label of a path as one segment, as SigV4 does (RFC 3986)", () => {
    expect(iotPath`/things/${"HRL 1/vend (a)!*'"}/jobs/${'cmd-1_2'}`).toBe('/things/HRL%201%2Fvend%20%28a%29%21%2A%27/jobs/cmd-1_2');
  });

  it('ships Amazon Root CA 1 (checked by fingerprint)', () => {
    expect(amazonRootCa1Pem()).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });
});

describe('IoT data plane station messages', () => {
  const endpoint = 'https://abc123-ats.iot.ap-southeast-1.amazonaws.com';

  it("publishes vend answers as JSON with QoS 1 on the station topics, as the IoT data plane's SDK client does", async () => {
    const sender = recordingSender();
    const messages = new IotDataStationMessages(endpoint, { env: TEST_ENV, credentials: async () => TEST_CREDENTIALS, send: sender.send });
    const authorized = { requestId: 'r', sessionId: 's', vendToken: 't', maxMl: 1500, expiresAt: 'x' };
    await messages.vendAuthorized('HRL-00042', authorized);
    await messages.vendDenied('HRL-00042', { requestId: 'r', reason: 'token_expired', message: 'm', messages: { en: 'm', id: 'm' } });

    const sdk = sdkRecorder();
    await new IoTDataPlaneClient({ ...sdk.config, endpoint }).send(new PublishCommand({
      topic: 'stations/HRL-00042/vend/authorized', qos: 1, contentType: 'application/json', payload: new TextEncoder().encode(JSON.stringify(authorized)),
    }));
    expect(wireShape(sender.requests[0]!)).toEqual(wireShape(sdk.requests[0]!));
    expect(sender.requests[0]!.path).toBe('/topics/stations%2FHRL-00042%2Fvend%2Fauthorized');
    expect(signatureOf(sender.requests[0]!).scope).toBe('ap-southeast-1/iotdata/aws4_request');
    expect(sender.requests[1]!.path).toBe('/topics/stations%2FHRL-00042%2Fvend%2Fdenied');
    expect(JSON.parse(String(Buffer.from(sender.requests[1]!.body as Uint8Array)))).toMatchObject({ reason: 'token_expired' });
  });
});
