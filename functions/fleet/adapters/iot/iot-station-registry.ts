import type { StationCredentials, StationRegistry } from '../../ports/station-registry';
import type { AwsHttpApi } from '@functions/platform/adapters/aws/aws-http-api';
import { amazonRootCa1Pem } from '@functions/platform/adapters/iot/amazon-root-ca';
import { iotCall, iotPath } from '@functions/platform/adapters/iot/iot-api';

export interface IotRegistryConfig {
  /** The station policy (client id = thing name, topics under stations/<thing name>/). */
  policyName: string;
  thingTypeName: string;
  /** The account's iot:Data-ATS endpoint host, handed to the station. */
  endpoint: string;
}

/**
 * AWS IoT Core provisioning: thing, certificate and keys (CreateKeysAndCertificate, active), the station
 * policy on the certificate, the certificate on the thing. The private key is returned once; AWS keeps no copy.
 * When a step after the certificate fails, the certificate is detached, deactivated and deleted.
 */
export class IotStationRegistry implements StationRegistry {
  constructor(private readonly iot: AwsHttpApi, private readonly config: IotRegistryConfig) {}

  async provision(stationId: string): Promise<StationCredentials> {
    await iotCall(this.iot, { method: 'POST', path: iotPath`/things/${stationId}`, body: { thingTypeName: this.config.thingTypeName } }); // CreateThing
    const cert = await iotCall<{ certificateArn?: string; certificateId?: string; certificatePem?: string; keyPair?: { PrivateKey?: string } }>(this.iot, {
      method: 'POST', // CreateKeysAndCertificate
      path: '/keys-and-certificate',
      query: { setAsActive: 'true' },
    });
    if (!cert.certificateArn || !cert.certificateId || !cert.certificatePem || !cert.keyPair?.PrivateKey) {
      throw new Error('CreateKeysAndCertificate returned no certificate or key');
    }
    const certificateArn = cert.certificateArn;
    const steps = { policy: false, principal: false };
    try {
      await iotCall(this.iot, { method: 'PUT', path: iotPath`/target-policies/${this.config.policyName}`, body: { target: certificateArn } }); // AttachPolicy
      steps.policy = true;
      await iotCall(this.iot, { method: 'PUT', path: iotPath`/things/${stationId}/principals`, headers: { 'x-amzn-principal': certificateArn } }); // AttachThingPrincipal
      steps.principal = true;
      return {
        certificateId: cert.certificateId,
        certificatePem: cert.certificatePem,
        privateKeyPem: cert.keyPair.PrivateKey,
        rootCaPem: amazonRootCa1Pem(),
        endpoint: this.config.endpoint,
      };
    } catch (error) {
      await this.discard(stationId, certificateArn, cert.certificateId, steps).catch((cleanup: unknown) => {
        console.error(JSON.stringify({ level: 'error', message: 'could not discard a half-provisioned certificate', certificateId: cert.certificateId, error: String(cleanup) }));
      });
      throw error;
    }
  }

  private async discard(stationId: string, certificateArn: string, certificateId: string, steps: { policy: boolean; principal: boolean }) {
    if (steps.principal) await iotCall(this.iot, { method: 'DELETE', path: iotPath`/things/${stationId}/principals`, headers: { 'x-amzn-principal': certificateArn } }); // DetachThingPrincipal
    if (steps.policy) await iotCall(this.iot, { method: 'POST', path: iotPath`/target-policies/${this.config.policyName}`, body: { target: certificateArn } }); // DetachPolicy
    await iotCall(this.iot, { method: 'PUT', path: iotPath`/certificates/${certificateId}`, query: { newStatus: 'INACTIVE' } }); // UpdateCertificate
    await iotCall(this.iot, { method: 'DELETE', path: iotPath`/certificates/${certificateId}` }); // DeleteCertificate
  }
}
