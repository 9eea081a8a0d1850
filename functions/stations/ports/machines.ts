import type { AlertRule } from '@shared/schemas/alert';
import type {
  MachineStatus,
  StationConnection,
  StationFilter,
  StationType,
  WaterQuality,
} from '@shared/schemas/machine';
import type { SafetyLock } from '@shared/schemas/water-check';

/** Counters a station reports in its heartbeat. */
export interface StationCounters {
  dispensedMl: number;
  vends: number;
  failures: number;
  uptimeSeconds?: number;
}

/** Preconditions of an update, checked atomically with the write (presence ordering, admin status wins). */
export interface MachineUpdateCondition {
  /** Only when the stored presenceAt is absent or earlier than this ISO time. */
  presenceBefore?: string;
  /** Only when the stored heartbeatReceivedAt is absent or earlier than this ISO time. */
  heartbeatReceivedBefore?: string;
  /** Only when the stored status is none of these. */
  statusNotIn?: MachineStatus[];
  /** Only when no water safety lock holds. */
  noSafetyLock?: boolean;
  /** Only when the water safety lock is still the one locked at this time (an unlock after the admin read it). */
  safetyLockAt?: string;
}

/** A station as stored: optional fields are absent until known (never invented). */
export interface MachineRecord {
  id: string;
  name?: string;
  location?: string;
  latitude?: string;
  longitude?: string;
  /** Last status written by an admin, a heartbeat or a presence event. */
  status: MachineStatus;
  waterLevel?: number;
  lastRefill?: string;
  features?: string[];
  lastHeartbeat?: string;
  /** When the broker received the heartbeat stored, to ignore older ones handled late. */
  heartbeatReceivedAt?: string;
  /** Time of the last presence event applied, to ignore out-of-order ones. */
  presenceAt?: string;
  /** What that presence event said: connected, or disconnected and why. */
  connection?: StationConnection;
  quality?: WaterQuality;
  /** The filter cartridge as the last heartbeat reported it. */
  filter?: StationFilter;
  firmwareVersion?: string;
  counters?: StationCounters;
  /** The station's certificate (IoT certificate id or local serial); never the key. */
  certificateId?: string;
  /** Rules with an open (or acknowledged) alert: one alert per station and rule (functions/fleet/domain/alerts.ts). */
  openAlerts?: Set<AlertRule>;
  /** The vend counter last seen in a heartbeat, and when it last changed (the no-vend alert). */
  vendsSeen?: number;
  lastVendAt?: string;
  /** The counters where the current window of vend attempts started (the vend failure alert). */
  failureWindow?: { vends: number; failures: number };
  /** Water safety (functions/fleet/domain/water-safety.ts): the last sanitation visit and lab test (dates), and the lock. */
  lastSanitationAt?: string;
  lastLabTest?: { at: string; result: 'pass' | 'fail' };
  safetyLock?: SafetyLock;
  /** The station's own price per litre, set when it applied a setPrice command (functions/fleet/domain/commands.ts). */
  pricePerLitre?: number;
  /** Largest volume one vend may hold for, in millilitres. */
  maxFillMl?: number;
  /** The host account (sign-in e-mail, lower case) whose premises the station is on (functions/partners/domain/hosts.ts). */
  hostEmail?: string;
  /** The host's business as its report names it (set with the link). */
  hostBusiness?: string;
  /** Problem reports not resolved yet (kept with each report's creation and resolution, functions/fieldwork/domain/reports.ts). */
  openReports?: number;
  /** The kind of place (the finder's station types). */
  type?: StationType;
  /** Kept off the public lists (functions/stations/domain/station-list.ts). */
  hidden?: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Machines {
  list(): Promise<MachineRecord[]>;
  get(id: string): Promise<MachineRecord | null>;
  /** Creates a machine; false when the id is already taken. */
  create(machine: MachineRecord): Promise<boolean>;
  /**
   * Writes the given fields; null when there is no such machine (or the condition does not hold). A heartbeat also
   * files the station in the heard index at `filing.heardAt` (at most its receive time; domain/stations.ts).
   */
  update(id: string, fields: Partial<Omit<MachineRecord, 'id' | 'createdAt'>>, condition?: MachineUpdateCondition, filing?: { heardAt: string }): Promise<MachineRecord | null>;
}
