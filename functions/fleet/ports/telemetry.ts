import type { StationEvent, TelemetryReading } from '@shared/schemas/telemetry';

/** A reading as stored: one per heartbeat, by the broker's receive time. */
export type StoredReading = Omit<TelemetryReading, 'heartbeats'>;

/** Per-station history: heartbeat readings and connection events, each removed by TTL after its retention. */
export interface Telemetry {
  /** Stores one reading (a redelivered heartbeat writes the same item again). `expiresAt` in epoch seconds. */
  putReading(stationId: string, reading: StoredReading, expiresAt: number): Promise<void>;
  /** Readings with `from <= at <= to`, oldest first, a page at a time. */
  readings(stationId: string, range: { from: string; to: string }, page: { limit: number; cursor?: string }): Promise<{ items: StoredReading[]; nextCursor: string | null }>;
  /** Removes a reading the heartbeat function refused (out of range, or of a station that no longer exists). */
  deleteReading(stationId: string, at: string): Promise<void>;
  putEvent(stationId: string, event: StationEvent, expiresAt: number): Promise<void>;
  /** The latest events, newest first. */
  latestEvents(stationId: string, limit: number): Promise<StationEvent[]>;
}
