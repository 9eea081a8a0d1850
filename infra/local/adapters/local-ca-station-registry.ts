import type { StationCredentials, StationRegistry } from '@functions/fleet/ports/station-registry';
import { LocalCa } from './local-ca';

/**
 * The local stand-in for IoT provisioning: a certificate for the station id from the local CA. The local
 * broker enforces the station policy on it, as IoT Core does with the attached policy.
 */
export class LocalCaStationRegistry implements StationRegistry {
  private ca?: Promise<LocalCa>;

  constructor(private readonly caDir: string, private readonly endpoint: () => string) {}

  async provision(stationId: string): Promise<StationCredentials> {
    this.ca ??= LocalCa.open(this.caDir);
    const ca = await this.ca;
    const issued = await ca.issueClient(stationId);
    return {
      certificateId: issued.serialNumber,
      certificatePem: issued.certificatePem,
      privateKeyPem: issued.privateKeyPem,
      rootCaPem: ca.certificatePem,
      endpoint: this.endpoint(),
    };
  }
}
