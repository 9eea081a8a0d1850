import type * as z from 'zod/mini';
import type { ProvisionedMachine } from '@shared/routes/fleet';
import { downloadText } from './csv';

export type Provisioned = z.infer<typeof ProvisionedMachine>;

export const bundleFileName = (machineId: string) => `${machineId}-certificate-bundle.json`;

/**
 * The station's provisioning bundle as one JSON file: its certificate and private key (returned once by the
 * server, never stored), the CA to trust, where to connect, and the key that verifies vend tokens.
 */
function bundleJson({ machine, bundle }: Provisioned): string {
  return JSON.stringify(
    {
      stationId: machine.id,
      name: machine.name,
      endpoint: bundle.endpoint,
      clientId: machine.id,
      topics: `stations/${machine.id}/#`,
      certificatePem: bundle.certificatePem,
      privateKeyPem: bundle.privateKeyPem,
      rootCaPem: bundle.rootCaPem,
      vendPublicKeyPem: bundle.vendPublicKeyPem,
      issuedAt: machine.createdAt,
    },
    null,
    2,
  );
}

export function downloadBundle(provisioned: Provisioned) {
  downloadText(bundleFileName(provisioned.machine.id), bundleJson(provisioned), 'application/json');
}
