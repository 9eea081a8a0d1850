import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalCa } from './local-ca';
import { LocalCaStationRegistry } from './local-ca-station-registry';

const dir = mkdtempSync(join(tmpdir(), 'local-ca-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local CA', () => {
  it('is created once and reopened with the same certificate', async () => {
    const first = await LocalCa.open(join(dir, 'ca'));
    const again = await LocalCa.open(join(dir, 'ca'));
    expect(again.certificatePem).toBe(first.certificatePem);
    expect(readdirSync(join(dir, 'ca')).sort()).toEqual(['ca.cert.pem', 'ca.key.pem']);
    const ca = new X509Certificate(first.certificatePem);
    expect(ca.ca).toBe(true);
    expect(ca.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  });

  it('issues ECDSA P-256 client certificates for a station id, signed by the CA, with a matching key', async () => {
    const ca = await LocalCa.open(join(dir, 'ca'));
    const issued = await ca.issueClient('HRL-00001');
    const cert = new X509Certificate(issued.certificatePem);
    const caCert = new X509Certificate(ca.certificatePem);
    expect(cert.subject).toBe('CN=HRL-00001');
    expect(cert.ca).toBe(false);
    expect(cert.checkIssued(caCert) && cert.verify(caCert.publicKey)).toBe(true);
    expect(cert.keyUsage).toContain('1.3.6.1.5.5.7.3.2');
    const derived = createPublicKey(createPrivateKey(issued.privateKeyPem)).export({ type: 'spki', format: 'pem' });
    expect(derived).toBe(cert.publicKey.export({ type: 'spki', format: 'pem' }));
    // A certificate from another CA does not verify against this one.
    const rogue = await LocalCa.open(join(dir, 'rogue'));
    expect(new X509Certificate((await rogue.issueClient('HRL-00001')).certificatePem).verify(caCert.publicKey)).toBe(false);
  });

  it('issues a server certificate for localhost and 127.0.0.1', async () => {
    const ca = await LocalCa.open(join(dir, 'ca'));
    const cert = new X509Certificate((await ca.issueServer({ dns: ['localhost'], ip: ['127.0.0.1'] })).certificatePem);
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
  });

  it('refuses names that are no certificate names', async () => {
    const ca = await LocalCa.open(join(dir, 'ca'));
    await expect(ca.issueClient('HRL-1, O=evil')).rejects.toThrow(/Not a valid certificate name/);
  });

  it('serves the StationRegistry port with the broker endpoint and the CA as root', async () => {
    const registry = new LocalCaStationRegistry(join(dir, 'ca'), () => 'mqtts://127.0.0.1:8883');
    const credentials = await registry.provision('HRL-00042');
    expect(credentials.endpoint).toBe('mqtts://127.0.0.1:8883');
    expect(credentials.rootCaPem).toBe((await LocalCa.open(join(dir, 'ca'))).certificatePem);
    expect(new X509Certificate(credentials.certificatePem).serialNumber.toLowerCase().replace(/^0+/, '')).toBe(credentials.certificateId.replace(/^0+/, ''));
    expect(readdirSync(join(dir, 'ca')).sort()).toEqual(['ca.cert.pem', 'ca.key.pem']);
  });
});
