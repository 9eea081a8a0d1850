import type { SafetyRecord } from '@shared/schemas/water-safety';

/** A station's water safety history: sanitation visits, lab tests, locks and unlocks (functions/fleet/domain/water-safety.ts). */
export interface SafetyRecords {
  add(record: SafetyRecord): Promise<void>;
  /** One record of a station's history, or null. */
  get(stationId: string, id: string): Promise<SafetyRecord | null>;
  /** Newest first. */
  latest(stationId: string, limit: number): Promise<SafetyRecord[]>;
}
