import { X509Certificate } from 'node:crypto';
import {
  AttachPolicyCommand, AttachThingPrincipalCommand, CreateKeysAndCertificateCommand, CreateThingCommand, DeleteCertificateCommand,
  DetachPolicyCommand, IoTClient, UpdateCertificateCommand,
} from '@aws-sdk/client-iot';
import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { amazonRootCa1Pem } from './amazon-root-ca';
import { IotDataStationMessages } from './iot-station-messages';
import { IotStationRegistry } from './iot-station-registry';

const iot = mockClient(IoTClient);
const data = mockClient(IoTDataPlaneClient);
const ARN = 'arn:aws:iot:ap-southeast-3:123456789012:cert/abc123';

beforeEach(() => {
  iot.reset();
  data.reset();
  iot.on(CreateThingCommand).resolves({ thingName: 'HRL-00042', thingArn: 'arn:thing' });
  iot.on(CreateKeysAndCertificateCommand).resolves({
    certificateArn: ARN, certificateId: 'abc123', certificatePem: '-----BEGIN CERTIFICATE-----\nX\n-----END CERTIFICATE-----\n',
    keyPair: { PublicKey: 'pub', PrivateKey: 'fake-private-key-from-iot' },
  });
});

describe('IoT Core station registry', () => {
  it('creates the thing, an active certificate with keys, attaches the policy and the certificate, and returns the bundle', async () => {
    const registry = new IotStationRegistry(new IoTClient({ region: 'ap-southeast-3' }), { policyName: 'StationPolicy', thingTypeName: 'RefillStation', endpoint: 'abc-ats.iot.ap-southeast-1.amazonaws.com' });
    const credentials = await registry.provision('HRL-00042');
    expect(iot.commandCalls(CreateThingCommand)[0]!.args[0].input).toEqual({ thingName: 'HRL-00042', thingTypeName: 'RefillStation' });
    expect(iot.commandCalls(CreateKeysAndCertificateCommand)[0]!.args[0].input).toEqual({ setAsActive: true });
    expect(iot.commandCalls(AttachPolicyCommand)[0]!.args[0].input).toEqual({ policyName: 'StationPolicy', target: ARN });
    expect(iot.commandCalls(AttachThingPrincipalCommand)[0]!.args[0].input).toEqual({ thingName: 'HRL-00042', principal: ARN });
    expect(credentials).toMatchObject({ certificateId: 'abc123', endpoint: 'abc-ats.iot.ap-southeast-1.amazonaws.com', privateKeyPem: 'fake-private-key-from-iot' });
    expect(new X509Certificate(credentials.rootCaPem).subject).toContain('CN=Amazon Root CA 1');
  });

  it('detaches, deactivates and deletes the certificate when a later step fails', async () => {
    iot.on(AttachThingPrincipalCommand).rejects(new Error('ResourceNotFound'));
    const registry = new IotStationRegistry(new IoTClient({ region: 'ap-southeast-3' }), { policyName: 'P', thingTypeName: 'T', endpoint: 'e' });
    await expect(registry.provision('HRL-00042')).rejects.toThrow('ResourceNotFound');
    expect(iot.commandCalls(DetachPolicyCommand)[0]!.args[0].input).toEqual({ policyName: 'P', target: ARN });
    expect(iot.commandCalls(UpdateCertificateCommand)[0]!.args[0].input).toEqual({ certificateId: 'abc123', newStatus: 'INACTIVE' });
    expect(iot.commandCalls(DeleteCertificateCommand)[0]!.args[0].input).toEqual({ certificateId: 'abc123' });
  });

  it('ships Amazon Root CA 1 (checked by fingerprint)', () => {
    expect(amazonRootCa1Pem()).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });
});

describe('IoT data plane station messages', () => {
  it('publishes vend answers as JSON with QoS 1 on the station topics', async () => {
    data.on(PublishCommand).resolves({});
    const messages = new IotDataStationMessages(new IoTDataPlaneClient({ region: 'ap-southeast-3' }));
    await messages.vendAuthorized('HRL-00042', { requestId: 'r', sessionId: 's', vendToken: 't', maxMl: 1500, expiresAt: 'x' });
    await messages.vendDenied('HRL-00042', { requestId: 'r', reason: 'token_expired', message: 'm', messages: { en: 'm', id: 'm' } });
    const [authorized, denied] = data.commandCalls(PublishCommand).map((c) => c.args[0].input);
    expect(authorized).toMatchObject({ topic: 'stations/HRL-00042/vend/authorized', qos: 1 });
    expect(JSON.parse(new TextDecoder().decode(authorized!.payload as Uint8Array))).toEqual({ requestId: 'r', sessionId: 's', vendToken: 't', maxMl: 1500, expiresAt: 'x' });
    expect(denied).toMatchObject({ topic: 'stations/HRL-00042/vend/denied', qos: 1 });
  });
});
