import { X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';

/** SHA-256 fingerprint of Amazon Root CA 1, the root of IoT Core's ATS endpoints. */
const AMAZON_ROOT_CA_1_SHA256 = '8E:CD:E6:88:4F:3D:87:B1:12:5B:A3:1A:C3:FC:B1:3D:70:16:DE:7F:57:CC:90:4F:E1:CB:97:C6:AE:98:19:6E';

/** Amazon Root CA 1 as PEM, taken from Node's bundled root store and checked by fingerprint. */
export function amazonRootCa1Pem(): string {
  const pem = rootCertificates.find((candidate) => new X509Certificate(candidate).fingerprint256 === AMAZON_ROOT_CA_1_SHA256);
  if (!pem) throw new Error('Amazon Root CA 1 is not in this runtime\'s root store');
  return pem.endsWith('\n') ? pem : `${pem}\n`;
}
