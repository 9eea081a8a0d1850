import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalCa } from '../../infra/local/adapters/local-ca';
import type { StationIdentity } from '@infra/local/ca';

/**
 * Station certificates for the scale run, issued by the local CA at about 0.3 ms each instead of ~9 ms.
 *
 * LocalCa.issueClient builds every certificate in JavaScript (@peculiar/x509), which takes 90 s for 10,000
 * stations on these machines, and the in-memory stack makes a new CA on every start, so a cache of
 * certificates would never match its CA. Instead: one real certificate from LocalCa.issueClient is the
 * template, and each station's certificate is that template's to-be-signed part with its own serial number,
 * common name (same length), public key and subject key identifier patched in, signed with the CA key by
 * node:crypto. Everything else (issuer, validity, extensions, key usage clientAuth) is exactly what the CA
 * issues. A sample is verified against the CA certificate here; the broker verifies every one at connect.
 */
export async function issueStationCertificates(caDir: string, ids: string[]): Promise<StationIdentity[]> {
  if (!ids.length) return [];
  const length = ids[0]!.length;
  if (ids.some((id) => id.length !== length)) throw new Error('issueStationCertificates: ids must all have the same length');
  const ca = await LocalCa.open(caDir);
  // The CA key's file name inside the CA folder (see infra/local/adapters/local-ca.ts).
  const caKey = createPrivateKey(readFileSync(join(caDir, 'ca.key.pem'), 'utf8'));
  const templateId = ids[0]!;
  const template = await ca.issueClient(templateId);
  const der = new X509Certificate(template.certificatePem).raw;

  // Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING }
  const outer = readTlv(der, 0);
  const tbsTlv = readTlv(der, outer.contentStart);
  const algTlv = readTlv(der, tbsTlv.end);
  const tbs = der.subarray(tbsTlv.start, tbsTlv.end);
  const signatureAlgorithm = der.subarray(algTlv.start, algTlv.end);

  const templateSpki = new X509Certificate(template.certificatePem).publicKey.export({ type: 'spki', format: 'der' });
  const at = {
    serial: uniqueOffset(tbs, Buffer.from(template.serialNumber, 'hex'), 'serial number'),
    cn: uniqueOffset(tbs, Buffer.from(templateId, 'utf8'), 'common name'),
    spki: uniqueOffset(tbs, templateSpki, 'public key'),
    ski: uniqueOffset(tbs, keyIdentifier(templateSpki), 'subject key identifier'),
  };

  const caCert = new X509Certificate(ca.certificatePem);
  const identities: StationIdentity[] = [];
  for (const [i, id] of ids.entries()) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const spki = publicKey.export({ type: 'spki', format: 'der' });
    if (spki.length !== templateSpki.length) throw new Error('unexpected public key length');
    const serial = randomBytes(16);
    serial[0] = (serial[0]! & 0x7f) | 0x01; // positive, no leading zero: the same 16-byte INTEGER as the CA's
    const body = Buffer.from(tbs);
    serial.copy(body, at.serial);
    body.write(id, at.cn, 'utf8');
    spki.copy(body, at.spki);
    keyIdentifier(spki).copy(body, at.ski);
    const signature = sign('sha256', body, caKey);
    const certificate = tlv(0x30, Buffer.concat([body, signatureAlgorithm, tlv(0x03, Buffer.concat([Buffer.from([0]), signature]))]));
    const certificatePem = toPem(certificate, 'CERTIFICATE');
    if (i === 0 || i % 500 === 0 || i === ids.length - 1) {
      const cert = new X509Certificate(certificatePem);
      if (!cert.checkIssued(caCert) || !cert.verify(caCert.publicKey) || cert.subject !== `CN=${id}`) throw new Error(`issued certificate for ${id} does not verify`);
    }
    identities.push({ id, certificatePem, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, caPem: ca.certificatePem });
  }
  return identities;
}

/** RFC 5280 key identifier method 1 (what @peculiar/x509 uses): SHA-1 of the subjectPublicKey bits. */
function keyIdentifier(spkiDer: Buffer) {
  const spki = readTlv(spkiDer, 0);
  const algorithm = readTlv(spkiDer, spki.contentStart);
  const bits = readTlv(spkiDer, algorithm.end);
  return createHash('sha1').update(spkiDer.subarray(bits.contentStart + 1, bits.end)).digest();
}

function uniqueOffset(haystack: Buffer, needle: Buffer, what: string) {
  const first = haystack.indexOf(needle);
  if (first < 0 || haystack.indexOf(needle, first + 1) >= 0) throw new Error(`certificate template: ${what} not found exactly once`);
  return first;
}

/** One DER element at `start`: where its content starts and where it ends. */
function readTlv(buf: Buffer, start: number) {
  let length = buf[start + 1]!;
  let contentStart = start + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + buf[start + 2 + i]!;
    contentStart += bytes;
  }
  return { start, contentStart, end: contentStart + length };
}

function tlv(tag: number, content: Buffer) {
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}

function toPem(der: Buffer, label: string) {
  const base64 = der.toString('base64').match(/.{1,64}/g)!.join('\n');
  return `-----BEGIN ${label}-----\n${base64}\n-----END ${label}-----\n`;
}
