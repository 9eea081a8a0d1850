import type { AlertRule } from '@shared/schemas/alert';
import type { MachineRecord } from '../../stations/ports/machines';

/**
 * What an alert's detail is composed from, so that it reads in the page's language (docs/design.md, "Error texts");
 * numbers and ISO times as seen.
 */
export type AlertFacts =
  | { kind: 'lowWater' | 'quality' | 'filterLife'; value: number; threshold: number }
  | { kind: 'noVend'; hours: number; lastVendAt: string }
  | { kind: 'vendFailures'; failed: number; attempts: number; percent: number; threshold: number }
  | { kind: 'offline'; minutes: number; lastAt: string; disconnected?: AlertDisconnect }
  | { kind: 'neverHeard'; createdAt: string; disconnected?: AlertDisconnect }
  | { kind: 'deadLetters'; total: number; queues: { queue: string; messages: number }[] };
type AlertDisconnect = { at: string; reason: string | null };

/** An alert as stored (functions/fleet/domain/alerts.ts has its lifecycle). */
export interface AlertRecord {
  stationId: string;
  stationName: string;
  rule: AlertRule;
  status: 'open' | 'acknowledged' | 'resolved';
  /** In English: for e-mails, logs, and the only text of an alert stored before `facts`. */
  detail: string;
  facts?: AlertFacts;
  openedAt: string;
  acknowledgedAt?: string;
  acknowledgedBy?: string;
  resolvedAt?: string;
  notifications: number;
  lastNotifiedAt?: string;
  /** While open and unacknowledged: when it is e-mailed next. */
  nextNotifyAt?: string;
}

export interface AlertFilter {
  status: 'active' | 'open' | 'acknowledged' | 'resolved';
  stationId?: string | undefined;
  rule?: AlertRule | undefined;
  /** Opened at or after `from` and before `to` (ISO). */
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

export interface Alerts {
  /** Opens an alert unless one of its station and rule is open already (then false). */
  open(alert: AlertRecord): Promise<boolean>;
  /** Resolves the open alert of a station and rule; null when there is none. */
  resolve(stationId: string, rule: AlertRule, at: string): Promise<AlertRecord | null>;
  /** Marks an open alert acknowledged (no more e-mails); null when it is not open. */
  acknowledge(stationId: string, rule: AlertRule, openedAt: string, by: string, at: string): Promise<AlertRecord | null>;
  get(stationId: string, rule: AlertRule, openedAt: string): Promise<AlertRecord | null>;
  list(filter: AlertFilter): Promise<{ items: AlertRecord[]; nextCursor: string | null }>;
  counts(): Promise<{ open: number; acknowledged: number }>;
  /** Open, unacknowledged alerts whose next e-mail is due at `now`, oldest first, a page at a time. */
  due(now: string, limit: number, cursor?: string): Promise<{ items: AlertRecord[]; nextCursor: string | null }>;
  /** Records an e-mail sent and when the next is due; false when the alert was acknowledged or resolved meanwhile. */
  notified(alert: AlertRecord, at: string, nextNotifyAt: string): Promise<boolean>;
  /** Stations whose last heartbeat was received before `before` and that have no open offline alert. */
  silentStations(before: string, limit: number): Promise<MachineRecord[]>;
}
