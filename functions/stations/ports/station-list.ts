/**
 * The public station list as files the CDN serves (docs/scale.md, "The station list from the edge" and "Area tiles"):
 * S3 behind CloudFront in AWS, the S3 emulator behind the local CloudFront locally. Paths are the site's
 * (`/data/stations.json`).
 */
export interface StationListSnapshot {
  /** The fingerprint of the file stored at `path` now, or null when none was written yet. */
  storedFingerprint(path: string): Promise<string | null>;
  /** The file stored at `path`, or null when none was written yet. */
  read(path: string): Promise<string | null>;
  /** Stores the file (JSON) with its fingerprint, replacing the previous one. */
  write(path: string, json: string, fingerprint: string): Promise<void>;
}
