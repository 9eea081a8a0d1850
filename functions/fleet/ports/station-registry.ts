/**
 * Provisioning of a station's identity: in AWS an IoT thing with its own X.509 certificate and the
 * station policy; locally a certificate from the local CA. The private key is returned once and never
 * stored anywhere (see docs/design.md, "Stations").
 */
export interface StationCredentials {
  /** Identifier of the certificate (IoT certificate id, or the local serial number). */
  certificateId: string;
  certificatePem: string;
  privateKeyPem: string;
  /** The CA the station trusts for the server (Amazon Root CA 1 in AWS, the local CA here). */
  rootCaPem: string;
  /** Where the station connects: the IoT data endpoint host, or the local mqtts URL. */
  endpoint: string;
}

export interface StationRegistry {
  /** Creates the thing (station id = thing name = certificate CN = MQTT client id), a certificate and its keys, and attaches the policy. */
  provision(stationId: string): Promise<StationCredentials>;
}
