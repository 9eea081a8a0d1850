import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const YEAR_MS = 365 * 86_400_000;

const CA_CERT_FILE = 'ca.cert.pem';
const CA_KEY_FILE = 'ca.key.pem';

export interface IssuedCertificate {
  serialNumber: string;
  certificatePem: string;
  privateKeyPem: string;
}

const pem = (der: ArrayBuffer, label: string) => x509.PemConverter.encode(der, label);
/** A positive 128-bit serial number in hex. */
const serial = () => {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f | 0x01;
  return bytes.toString('hex');
};

/**
 * The local certificate authority: an ECDSA P-256 CA created once in a folder (the ignored .local/ca
 * for `npm start`, a temporary folder for tests), issuing station, backend and broker certificates.
 * Only the CA's own key is kept; issued private keys are returned and never written by the CA.
 */
export class LocalCa {
  private constructor(readonly dir: string, readonly certificate: x509.X509Certificate, private readonly key: CryptoKey) {}

  get certificatePem(): string {
    return this.certificate.toString('pem');
  }

  get certificateFile(): string {
    return join(this.dir, CA_CERT_FILE);
  }

  /** Opens the CA in `dir`, creating it the first time. */
  static async open(dir: string): Promise<LocalCa> {
    mkdirSync(dir, { recursive: true });
    try {
      return await LocalCa.load(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: serial(),
      name: 'CN=Bali Refill Local CA, O=Bali Refill (local)',
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 10 * YEAR_MS),
      keys,
      signingAlgorithm: SIGNING,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    const keyPem = pem(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
    try {
      // Key first, exclusively: when two processes race, the one that loses reads the winner's CA.
      writeFileSync(join(dir, CA_KEY_FILE), keyPem, { mode: 0o600, flag: 'wx' });
      writeFileSync(join(dir, CA_CERT_FILE), cert.toString('pem'), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await new Promise((r) => setTimeout(r, 200));
      return LocalCa.load(dir);
    }
    return new LocalCa(dir, cert, keys.privateKey);
  }

  private static async load(dir: string): Promise<LocalCa> {
    const keyPem = readFileSync(join(dir, CA_KEY_FILE), 'utf8');
    const cert = new x509.X509Certificate(readFileSync(join(dir, CA_CERT_FILE), 'utf8'));
    const key = await webcrypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(keyPem), EC, false, ['sign']);
    return new LocalCa(dir, cert, key);
  }

  /** A client certificate whose subject CN is `commonName` (a station id, or 'backend'). */
  issueClient(commonName: string, validYears = 5): Promise<IssuedCertificate> {
    return this.issue(commonName, [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth])], validYears);
  }

  /** The broker's server certificate for the given host names and IP addresses. */
  issueServer(hosts: { dns?: string[]; ip?: string[] }): Promise<IssuedCertificate> {
    const names = [...(hosts.dns ?? []).map((value) => ({ type: 'dns' as const, value })), ...(hosts.ip ?? []).map((value) => ({ type: 'ip' as const, value }))];
    return this.issue(hosts.dns?.[0] ?? hosts.ip?.[0] ?? 'localhost', [
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names),
    ], 1);
  }

  private async issue(commonName: string, extra: x509.Extension[], validYears: number): Promise<IssuedCertificate> {
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(commonName)) throw new Error(`Not a valid certificate name: ${commonName}`);
    const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
    const serialNumber = serial();
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber,
      subject: `CN=${commonName}`,
      issuer: this.certificate.subject,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + validYears * YEAR_MS),
      publicKey: keys.publicKey,
      signingKey: this.key,
      signingAlgorithm: SIGNING,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
        await x509.AuthorityKeyIdentifierExtension.create(this.certificate.publicKey),
        ...extra,
      ],
    });
    return {
      serialNumber,
      certificatePem: cert.toString('pem'),
      privateKeyPem: pem(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY'),
    };
  }
}
