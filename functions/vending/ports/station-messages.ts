import { HEARTBEAT_INGEST_RULE } from '@shared/constants';

/** Messages the back end sends to one station over MQTT (stations/{id}/vend/authorized | denied). */
export type VendDenialReason =
  | 'invalid_token'
  | 'token_expired'
  | 'token_already_used'
  | 'wrong_station'
  | 'station_offline'
  | 'station_locked'
  | 'insufficient_balance'
  | 'unknown_station';

export interface VendAuthorizedMessage {
  /** Echo of the station's request id, for correlation. */
  requestId: string;
  sessionId: string;
  /** ES256 JWT the station verifies offline with the vend public key from its provisioning bundle. */
  vendToken: string;
  maxMl: number;
  expiresAt: string;
}

export interface VendDeniedMessage {
  requestId: string;
  reason: VendDenialReason;
  /** What the station shows, in English. */
  message: string;
  /** The same in each language the station's screen offers (English and Bahasa Indonesia). */
  messages: { en: string; id: string };
}

export interface StationMessages {
  vendAuthorized(stationId: string, message: VendAuthorizedMessage): Promise<void>;
  vendDenied(stationId: string, message: VendDeniedMessage): Promise<void>;
}

export const stationTopics = {
  /** Basic Ingest: straight to the heartbeat rule, which writes the reading to the table (docs/stations.md, Heartbeats). */
  heartbeat: (id: string) => `$aws/rules/${HEARTBEAT_INGEST_RULE}/stations/${id}/heartbeat`,
  vendRequest: (id: string) => `stations/${id}/vend/request`,
  vendStarted: (id: string) => `stations/${id}/vend/started`,
  vendComplete: (id: string) => `stations/${id}/vend/complete`,
  vendFailed: (id: string) => `stations/${id}/vend/failed`,
  vendAuthorized: (id: string) => `stations/${id}/vend/authorized`,
  vendDenied: (id: string) => `stations/${id}/vend/denied`,
  /** A station's progress on a job (firmware download and install), in percent. */
  commandProgress: (id: string) => `stations/${id}/command/progress`,
} as const;
