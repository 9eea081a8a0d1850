/**
 * The public station list as a file the CDN serves (docs/scale.md, "The station list from the edge"): S3 behind
 * CloudFront in AWS, the S3 emulator behind the local CloudFront locally.
 */
export interface StationListSnapshot {
  /** The fingerprint of the list stored now, or null when none was written yet. */
  storedFingerprint(): Promise<string | null>;
  /** Stores the list (JSON) with its fingerprint, replacing the previous one. */
  write(json: string, fingerprint: string): Promise<void>;
}
