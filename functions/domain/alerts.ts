import type * as z from 'zod';
import { AlertRule, alertRecipientList, type Alert, type AlertsQuery, type Settings } from '@shared/schemas';
import type { AlertRecord, Alerts } from '../ports/alerts';
import type { Clock } from '../ports/clock';
import type { Log } from '../ports/log';
import type { Mailer } from '../ports/mailer';
import type { MachineRecord, Machines } from '../ports/machines';
import type { SettingsStore } from '../ports/settings';
import { conflict, notFound } from './errors';

/**
 * Alert rules (docs/architecture.md, "Alerts"): evaluated where the facts arrive, never by scanning the fleet.
 * - heartbeat: water level and quality against their thresholds (opens or resolves), and resolves `offline`;
 * - sweep: stations whose last heartbeat is older than the offline threshold (a query of the silent ones only),
 *   and the e-mails of open, unacknowledged alerts that are due (the first at once, then every repeat interval).
 */


const RULE_TITLES: Record<AlertRule, string> = {
  offline: 'Station offline',
  lowWater: 'Water level low',
  quality: 'Water quality out of range',
  noVend: 'No vend while online',
};

const alertId = (a: Pick<AlertRecord, 'stationId' | 'rule' | 'openedAt'>) => `${a.stationId}.${a.rule}.${Date.parse(a.openedAt)}`;

function parseAlertId(id: string): { stationId: string; rule: AlertRule; openedAt: string } | null {
  const [stationId, rule, ms, ...rest] = id.split('.');
  const parsedRule = AlertRule.safeParse(rule);
  const time = Number(ms);
  if (rest.length || !stationId || !parsedRule.success || !Number.isSafeInteger(time) || time <= 0) return null;
  return { stationId, rule: parsedRule.data, openedAt: new Date(time).toISOString() };
}

function toAlert(r: AlertRecord): Alert {
  return {
    id: alertId(r), stationId: r.stationId, stationName: r.stationName, rule: r.rule, status: r.status, detail: r.detail, openedAt: r.openedAt,
    acknowledgedAt: r.acknowledgedAt ?? null, acknowledgedBy: r.acknowledgedBy ?? null, resolvedAt: r.resolvedAt ?? null,
    notifications: r.notifications, lastNotifiedAt: r.lastNotifiedAt ?? null,
  };
}

const stationName = (m: MachineRecord) => m.name?.trim() || m.id;
/** Stations an admin took out of service raise no new alerts. */
const inService = (m: MachineRecord) => m.status !== 'maintenance' && m.status !== 'locked';

function newAlert(m: MachineRecord, rule: AlertRule, detail: string, now: string): AlertRecord {
  return { stationId: m.id, stationName: stationName(m), rule, status: 'open', detail, openedAt: now, notifications: 0, nextNotifyAt: now };
}

type AlertDeps = { alerts: Alerts; settings: SettingsStore; clock: Clock };

/**
 * After a heartbeat was applied (`station` is the machine as written): the station is heard again, so an offline
 * alert resolves; water level and quality open or resolve theirs. Settings are read only when a rule is on.
 */
export async function evaluateHeartbeat(station: MachineRecord, reading: { waterLevel: number; tdsPpm: number; vends: number }, deps: AlertDeps & { machines: Machines }): Promise<void> {
  const now = deps.clock.now().toISOString();
  const open = station.openAlerts ?? new Set<AlertRule>();
  if (open.has('offline')) await deps.alerts.resolve(station.id, 'offline', now);
  // The vend counter moved (or is seen for the first time): a vend happened since the last heartbeat.
  let lastVendAt = station.lastVendAt ?? now;
  if (station.vendsSeen !== reading.vends) {
    lastVendAt = now;
    await deps.machines.update(station.id, { vendsSeen: reading.vends, lastVendAt: now });
  }
  const settings = await deps.settings.get();
  const idleHours = (Date.parse(now) - Date.parse(lastVendAt)) / 3_600_000;
  const checks: { rule: AlertRule; breached: boolean; detail: string }[] = [
    { rule: 'noVend', breached: settings.alertNoVendHours > 0 && idleHours >= settings.alertNoVendHours, detail: `No vend for ${Math.floor(idleHours)} h while online (the last at ${lastVendAt})` },
    { rule: 'lowWater', breached: settings.alertWaterLevelPercent > 0 && reading.waterLevel < settings.alertWaterLevelPercent, detail: `Water level ${reading.waterLevel}% (below ${settings.alertWaterLevelPercent}%)` },
    { rule: 'quality', breached: settings.alertTdsMaxPpm > 0 && reading.tdsPpm > settings.alertTdsMaxPpm, detail: `TDS ${reading.tdsPpm} ppm (above ${settings.alertTdsMaxPpm} ppm)` },
  ];
  for (const check of checks) {
    if (check.breached && !open.has(check.rule) && inService(station)) await deps.alerts.open(newAlert(station, check.rule, check.detail, now));
    else if (!check.breached && open.has(check.rule)) await deps.alerts.resolve(station.id, check.rule, now);
  }
}

/** Most stations opened as offline, and alerts e-mailed, in one sweep (the rest wait for the next). */
const SWEEP_BATCH = 100;

export interface AlertSweepCounts {
  opened: number;
  emailed: number;
  errors: number;
}

/** The sweep's part: offline alerts for silent stations, then the due e-mails to the settings' recipients. */
export async function sweepAlerts(deps: AlertDeps & { mailer: Mailer; log: Log }, settingsOverride?: Settings): Promise<AlertSweepCounts> {
  const counts: AlertSweepCounts = { opened: 0, emailed: 0, errors: 0 };
  const settings = settingsOverride ?? (await deps.settings.get());
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  if (settings.alertOfflineMinutes > 0) {
    const before = new Date(now.getTime() - settings.alertOfflineMinutes * 60_000).toISOString();
    for (const station of await deps.alerts.silentStations(before, SWEEP_BATCH)) {
      if (!inService(station)) continue;
      const why = station.connection?.state === 'disconnected' ? `, disconnected${station.connection.reason ? ` (${station.connection.reason})` : ''} at ${station.connection.at}` : '';
      const detail = `No heartbeat for more than ${settings.alertOfflineMinutes} min: the last at ${station.heartbeatReceivedAt ?? station.lastHeartbeat ?? 'unknown'}${why}`;
      if (await deps.alerts.open(newAlert(station, 'offline', detail, nowIso))) counts.opened++;
    }
  }
  const recipients = alertRecipientList(settings.alertRecipients);
  // Nobody to tell: the alerts stay due, and are e-mailed once someone is named.
  if (recipients.length === 0) return counts;
  for (const alert of await deps.alerts.due(nowIso, SWEEP_BATCH)) {
    try {
      const email = alertEmail(alert);
      for (const to of recipients) await deps.mailer.send({ to, ...email });
      const next = new Date(now.getTime() + settings.alertRepeatMinutes * 60_000).toISOString();
      if (await deps.alerts.notified(alert, nowIso, next)) counts.emailed++;
    } catch (error) {
      counts.errors++;
      deps.log.warn('alert e-mail failed; tried again next sweep', { alert: alertId(alert), error: (error as Error).message });
    }
  }
  return counts;
}

/** The e-mail of an alert: the first, then reminders until someone acknowledges it. */
function alertEmail(alert: AlertRecord): { subject: string; text: string } {
  const reminder = alert.notifications > 0;
  const title = RULE_TITLES[alert.rule];
  return {
    subject: `${reminder ? 'Reminder: ' : ''}${title}: ${alert.stationName} (${alert.stationId})`,
    text: [
      `${title} at ${alert.stationName} (${alert.stationId}).`,
      alert.detail,
      `Open since ${alert.openedAt}.${reminder ? ` Reminder ${alert.notifications}: nobody has acknowledged it yet.` : ''}`,
      '',
      'Acknowledge it on the Alerts page of the admin console (/admin/alerts) to stop these e-mails; it resolves by itself when the condition ends.',
      `Alert ${alertId(alert)}`,
    ].join('\n'),
  };
}

export async function listAlerts(query: z.output<typeof AlertsQuery>, deps: { alerts: Alerts }) {
  const page = await deps.alerts.list(query);
  return { items: page.items.map(toAlert), nextCursor: page.nextCursor };
}

/** An admin takes an open alert on: its e-mails stop. Acknowledging again answers the same; a resolved one is a 409. */
export async function acknowledgeAlert(id: string, actor: string, deps: { alerts: Alerts; clock: Clock }): Promise<Alert> {
  const key = parseAlertId(id);
  const current = key && (await deps.alerts.get(key.stationId, key.rule, key.openedAt));
  if (!key || !current) throw notFound('Alert not found');
  if (current.status === 'acknowledged') return toAlert(current);
  if (current.status === 'resolved') throw conflict('The alert is already resolved');
  const acknowledged = await deps.alerts.acknowledge(key.stationId, key.rule, key.openedAt, actor, deps.clock.now().toISOString());
  if (!acknowledged) {
    const now = await deps.alerts.get(key.stationId, key.rule, key.openedAt);
    if (now?.status === 'acknowledged') return toAlert(now);
    throw conflict('The alert is already resolved');
  }
  return toAlert(acknowledged);
}
