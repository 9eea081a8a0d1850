import {
  AttachPolicyCommand,
  AttachThingPrincipalCommand,
  CreateKeysAndCertificateCommand,
  CreateThingCommand,
  DeleteCertificateCommand,
  DetachPolicyCommand,
  DetachThingPrincipalCommand,
  UpdateCertificateCommand,
  type IoTClient,
} from '@aws-sdk/client-iot';
import type { StationCredentials, StationRegistry } from '../../ports/station-registry';
import { amazonRootCa1Pem } from './amazon-root-ca';

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
  constructor(private readonly iot: IoTClient, private readonly config: IotRegistryConfig) {}

  async provision(stationId: string): Promise<StationCredentials> {
    await this.iot.send(new CreateThingCommand({ thingName: stationId, thingTypeName: this.config.thingTypeName }));
    const cert = await this.iot.send(new CreateKeysAndCertificateCommand({ setAsActive: true }));
    if (!cert.certificateArn || !cert.certificateId || !cert.certificatePem || !cert.keyPair?.PrivateKey) {
      throw new Error('CreateKeysAndCertificate returned no certificate or key');
    }
    const certificateArn = cert.certificateArn;
    const steps = { policy: false, principal: false };
    try {
      await this.iot.send(new AttachPolicyCommand({ policyName: this.config.policyName, target: certificateArn }));
      steps.policy = true;
      await this.iot.send(new AttachThingPrincipalCommand({ thingName: stationId, principal: certificateArn }));
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
    if (steps.principal) await this.iot.send(new DetachThingPrincipalCommand({ thingName: stationId, principal: certificateArn }));
    if (steps.policy) await this.iot.send(new DetachPolicyCommand({ policyName: this.config.policyName, target: certificateArn }));
    await this.iot.send(new UpdateCertificateCommand({ certificateId, newStatus: 'INACTIVE' }));
    await this.iot.send(new DeleteCertificateCommand({ certificateId }));
  }
}
