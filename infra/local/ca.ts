import { X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalCa } from './adapters/local-ca';

/** Where the local stations cloud keeps its state (the ignored .local/ folder, or a temporary folder in tests). */
export function stationStatePaths(root: string) {
  return {
    caDir: join(root, 'ca'),
    signingKeyFile: join(root, 'signing-key.jwk.json'),
    /** Certificates of simulated stations, reused across runs. */
    stationsDir: join(root, 'stations'),
  };
}

export interface StationIdentity {
  id: string;
  certificatePem: string;
  privateKeyPem: string;
  caPem: string;
}

/**
 * A simulated station's certificate: reused from `storeDir/<id>/` when the current CA issued it, else
 * issued now and kept there (a station keeps its key; the back end never does).
 */
export async function stationIdentity(ca: LocalCa, storeDir: string, id: string): Promise<StationIdentity> {
  const dir = join(storeDir, id);
  try {
    const certificatePem = readFileSync(join(dir, 'cert.pem'), 'utf8');
    const privateKeyPem = readFileSync(join(dir, 'key.pem'), 'utf8');
    const cert = new X509Certificate(certificatePem);
    const caCert = new X509Certificate(ca.certificatePem);
    if (cert.checkIssued(caCert) && cert.verify(caCert.publicKey) && Date.parse(cert.validTo) > Date.now() + 86_400_000) {
      return { id, certificatePem, privateKeyPem, caPem: ca.certificatePem };
    }
  } catch {
    // none yet, or unreadable: issue a new one
  }
  const issued = await ca.issueClient(id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'cert.pem'), issued.certificatePem);
  writeFileSync(join(dir, 'key.pem'), issued.privateKeyPem, { mode: 0o600 });
  return { id, certificatePem: issued.certificatePem, privateKeyPem: issued.privateKeyPem, caPem: ca.certificatePem };
}

/** Saves a provisioning bundle the way a technician would load it onto the station. */
export function saveStationBundle(storeDir: string, id: string, bundle: { certificatePem: string; privateKeyPem: string; rootCaPem: string }) {
  const dir = join(storeDir, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'cert.pem'), bundle.certificatePem);
  writeFileSync(join(dir, 'key.pem'), bundle.privateKeyPem, { mode: 0o600 });
  writeFileSync(join(dir, 'ca.pem'), bundle.rootCaPem);
}
