import type * as z from 'zod/mini';
import type { Language } from '@shared/language';
import { ALERT_VEND_FAILURE_WINDOW } from '@shared/constants';
import {
  ALERT_RECIPIENT_SETTINGS,
  alertRecipientList,
  alertRepeatMinutesOf,
  type Settings,
} from '@shared/schemas/settings';
import { AlertRule, FLEET_ALERT_SCOPE, type Alert, type AlertsQuery } from '@shared/schemas/alert';
import type { AlertFacts, AlertRecord, Alerts } from '../ports/alerts';
import type { Clock, Ids } from '../../platform/ports/clock';
import type { DeadLetters } from '../../platform/ports/dead-letters';
import type { Log } from '../../platform/ports/log';
import type { Mailer } from '../../platform/ports/mailer';
import type { MachineRecord, Machines } from '../../stations/ports/machines';
import type { SettingsStore } from '../../platform/ports/settings';
import type { Tickets } from '../../fieldwork/ports/tickets';
import { conflict, notFound } from '../../platform/domain/errors';
import { alertDetail } from './alert-details';
import * as texts from './texts';
import { ALERT_TITLES, alertEmail } from './alert-emails';
import { renderEmail } from '../../platform/domain/email-template';
import { ticketForAlert } from '../../fieldwork/domain/tickets';

/**
 * Alert rules (docs/architecture.md, "Alerts"): evaluated where the facts arrive, never by scanning the fleet.
 * - heartbeat: water level and quality against their thresholds (opens or resolves), and resolves `offline`;
 * - sweep: stations whose last heartbeat is older than the offline threshold (a query of the silent ones only),
 *   and the e-mails of open, unacknowledged alerts that are due (the first at once, then every repeat interval).
 */



const alertId = (a: Pick<AlertRecord, 'stationId' | 'rule' | 'openedAt'>) => `${a.stationId}.${a.rule}.${Date.parse(a.openedAt)}`;

function parseAlertId(id: string): { stationId: string; rule: AlertRule; openedAt: string } | null {
  const [stationId, rule, ms, ...rest] = id.split('.');
  const parsedRule = AlertRule.safeParse(rule);
  const time = Number(ms);
  if (rest.length || !stationId || !parsedRule.success || !Number.isSafeInteger(time) || time <= 0) return null;
  return { stationId, rule: parsedRule.data, openedAt: new Date(time).toISOString() };
}

/** The alert in `language`: its detail composed from its facts; one stored without facts (older) keeps its English. */
function toAlert(r: AlertRecord, language: Language): Alert {
  return {
    id: alertId(r), stationId: r.stationId, stationName: r.stationName, rule: r.rule, status: r.status, detail: r.facts ? alertDetail(r.facts)[language] : r.detail, openedAt: r.openedAt,
    acknowledgedAt: r.acknowledgedAt ?? null, acknowledgedBy: r.acknowledgedBy ?? null, resolvedAt: r.resolvedAt ?? null,
    notifications: r.notifications, lastNotifiedAt: r.lastNotifiedAt ?? null,
  };
}

const stationName = (m: MachineRecord) => m.name?.trim() || m.id;
/** Stations an admin took out of service raise no new alerts. */
const inService = (m: MachineRecord) => m.status !== 'maintenance' && m.status !== 'locked';

/** The English detail stays beside the facts: the e-mails and logs read it. */
function newAlert(m: MachineRecord, rule: AlertRule, facts: AlertFacts, now: string): AlertRecord {
  return { stationId: m.id, stationName: stationName(m), rule, status: 'open', detail: alertDetail(facts).en, facts, openedAt: now, notifications: 0, nextNotifyAt: now };
}

type AlertDeps = { alerts: Alerts; settings: Pick<SettingsStore, 'get'>; clock: Clock; tickets: Tickets; ids: Ids };

/** Opens a station's alert and with it its maintenance ticket (a new one, or the open one of the rule); false when one was open. */
async function openAlert(alert: AlertRecord, deps: AlertDeps): Promise<boolean> {
  if (!(await deps.alerts.open(alert))) return false;
  await ticketForAlert({ ...alert, id: alertId(alert) }, ALERT_TITLES[alert.rule].en, deps);
  return true;
}

/** What the alert rules read from one heartbeat. */
export interface HeartbeatFacts {
  waterLevel: number;
  tdsPpm: number;
  vends: number;
  failures: number;
  /** Filter life left in percent, when the station reports its filter. */
  filterLifePercent?: number | undefined;
}

/**
 * After a heartbeat was applied (`station` is the machine as written): the station is heard again, so an offline
 * alert resolves; water level, quality, filter life, no-vend and vend failures open or resolve theirs.
 */
export async function evaluateHeartbeat(station: MachineRecord, reading: HeartbeatFacts, settings: Settings, deps: AlertDeps & { machines: Machines }): Promise<void> {
  const now = deps.clock.now().toISOString();
  const open = station.openAlerts ?? new Set<AlertRule>();
  if (open.has('offline')) await deps.alerts.resolve(station.id, 'offline', now);
  const moved: Partial<MachineRecord> = {};
  // The vend counter moved (or is seen for the first time): a vend happened since the last heartbeat.
  let lastVendAt = station.lastVendAt ?? now;
  if (station.vendsSeen !== reading.vends) {
    lastVendAt = now;
    Object.assign(moved, { vendsSeen: reading.vends, lastVendAt: now });
  }
  const failures = failureWindow(station.failureWindow, reading);
  if (failures.next) moved.failureWindow = failures.next;
  if (Object.keys(moved).length) await deps.machines.update(station.id, moved);

  const idleHours = (Date.parse(now) - Date.parse(lastVendAt)) / 3_600_000;
  const life = reading.filterLifePercent;
  const closed = failures.closed;
  const checks: { rule: AlertRule; breached: boolean | null; facts: () => AlertFacts }[] = [
    { rule: 'noVend', breached: settings.alertNoVendHours > 0 && idleHours >= settings.alertNoVendHours, facts: () => ({ kind: 'noVend', hours: Math.floor(idleHours), lastVendAt }) },
    { rule: 'lowWater', breached: settings.alertWaterLevelPercent > 0 && reading.waterLevel < settings.alertWaterLevelPercent, facts: () => ({ kind: 'lowWater', value: reading.waterLevel, threshold: settings.alertWaterLevelPercent }) },
    { rule: 'quality', breached: settings.alertTdsMaxPpm > 0 && reading.tdsPpm > settings.alertTdsMaxPpm, facts: () => ({ kind: 'quality', value: reading.tdsPpm, threshold: settings.alertTdsMaxPpm }) },
    // A heartbeat without filter readings says nothing about the filter: the alert stays as it is.
    { rule: 'filterLife', breached: life === undefined ? null : settings.alertFilterLifePercent > 0 && life < settings.alertFilterLifePercent, facts: () => ({ kind: 'filterLife', value: life!, threshold: settings.alertFilterLifePercent }) },
    // Judged once per window of attempts; in between, the alert stays as it is.
    {
      rule: 'vendFailures',
      breached: closed ? settings.alertVendFailurePercent > 0 && closed.percent > settings.alertVendFailurePercent : null,
      facts: () => ({ kind: 'vendFailures', failed: closed!.failed, attempts: closed!.attempts, percent: Math.round(closed!.percent), threshold: settings.alertVendFailurePercent }),
    },
  ];
  for (const check of checks) {
    if (check.breached === null) continue;
    if (check.breached && !open.has(check.rule) && inService(station)) await openAlert(newAlert(station, check.rule, check.facts(), now), deps);
    else if (!check.breached && open.has(check.rule)) await deps.alerts.resolve(station.id, check.rule, now);
  }
}

/**
 * Vend failures are judged over windows of at least ALERT_VEND_FAILURE_WINDOW attempts (completed + failed, from the
 * heartbeat's counters): the machine keeps the counters where the current window started, and a window that is full
 * gives its failure rate and starts the next. A restart (counters lower than the window's start) starts a new one.
 */
export function failureWindow(start: MachineRecord['failureWindow'], now: { vends: number; failures: number }): {
  next?: { vends: number; failures: number };
  closed?: { attempts: number; failed: number; percent: number };
} {
  const current = { vends: now.vends, failures: now.failures };
  if (!start || now.vends < start.vends || now.failures < start.failures) return { next: current };
  const failed = now.failures - start.failures;
  const attempts = now.vends - start.vends + failed;
  if (attempts < ALERT_VEND_FAILURE_WINDOW) return {};
  return { next: current, closed: { attempts, failed, percent: (failed / attempts) * 100 } };
}

/** Most stations opened as offline, and alerts e-mailed, in one sweep (the rest wait for the next). */
const SWEEP_BATCH = 100;
/** Pages of due alerts one sweep reads at most (a bound on its reads when many alerts wait for a recipient). */
const DUE_PAGES = 10;

export interface AlertSweepCounts {
  opened: number;
  emailed: number;
  errors: number;
}

/** Who is told of an alert of `rule`: the rule's recipients, else the general ones, else the operations address. */
export function alertRecipients(settings: Settings, rule: AlertRule, operationsEmail: string | undefined): string[] {
  const own = alertRecipientList(settings[ALERT_RECIPIENT_SETTINGS[rule]]);
  if (own.length) return own;
  const general = alertRecipientList(settings.alertRecipients);
  return general.length ? general : alertRecipientList(operationsEmail ?? '');
}

type SweepDeps = AlertDeps & { mailer: Mailer; log: Log; deadLetters: DeadLetters; operationsEmail?: string | undefined };

/**
 * The sweep's part: offline alerts for silent stations (and for stations never heard since they were added), the
 * dead-letter queues' depth, then the due e-mails to each rule's recipients.
 */
export async function sweepAlerts(deps: SweepDeps, settingsOverride?: Settings): Promise<AlertSweepCounts> {
  const counts: AlertSweepCounts = { opened: 0, emailed: 0, errors: 0 };
  const settings = settingsOverride ?? (await deps.settings.get());
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  if (settings.alertOfflineMinutes > 0) {
    const before = new Date(now.getTime() - settings.alertOfflineMinutes * 60_000).toISOString();
    for (const station of await deps.alerts.silentStations(before, SWEEP_BATCH)) {
      if (!inService(station)) continue;
      const { connection } = station;
      const disconnected = connection?.state === 'disconnected' ? { disconnected: { at: connection.at, reason: connection.reason || null } } : {};
      const last = station.heartbeatReceivedAt ?? station.lastHeartbeat;
      const facts: AlertFacts = last
        ? { kind: 'offline', minutes: settings.alertOfflineMinutes, lastAt: last, ...disconnected }
        : { kind: 'neverHeard', createdAt: station.createdAt, ...disconnected };
      if (await openAlert(newAlert(station, 'offline', facts, nowIso), deps)) counts.opened++;
    }
  }
  counts.opened += await checkDeadLetters(settings, nowIso, deps).catch((error: unknown) => {
    counts.errors++;
    deps.log.warn('dead-letter queues could not be read; tried again next sweep', { error: (error as Error).message });
    return 0;
  });
  // Paged: alerts whose rule names nobody stay due and must not keep the ones that have recipients from being sent.
  let cursor: string | undefined;
  for (let page = 0; page < DUE_PAGES && counts.emailed < SWEEP_BATCH; page++) {
    const due = await deps.alerts.due(nowIso, SWEEP_BATCH, cursor);
    for (const alert of due.items) {
      const recipients = alertRecipients(settings, alert.rule, deps.operationsEmail);
      // Nobody to tell (no setting, no operations address): the alert stays due, e-mailed once someone is named.
      if (recipients.length === 0) continue;
      try {
        const email = alertEmailOf(alert, deps.mailer);
        for (const to of recipients) await deps.mailer.send({ to, ...email });
        const next = new Date(now.getTime() + alertRepeatMinutesOf(settings, alert.rule) * 60_000).toISOString();
        if (await deps.alerts.notified(alert, nowIso, next)) counts.emailed++;
      } catch (error) {
        counts.errors++;
        deps.log.warn('alert e-mail failed; tried again next sweep', { alert: alertId(alert), error: (error as Error).message });
      }
    }
    if (!due.nextCursor) break;
    cursor = due.nextCursor;
  }
  return counts;
}

/** The fleet's dead-letter alert: open while the queues hold at least the threshold, resolved when they are drained. */
async function checkDeadLetters(settings: Settings, now: string, deps: SweepDeps): Promise<number> {
  const queues = await deps.deadLetters.waiting();
  const total = queues.reduce((sum, q) => sum + q.messages, 0);
  const breached = settings.alertDeadLetterMessages > 0 && total >= settings.alertDeadLetterMessages;
  if (!breached) {
    // Resolving an alert that is not open changes nothing but costs a read: only when there may be one.
    if (total === 0 || settings.alertDeadLetterMessages === 0) await deps.alerts.resolve(FLEET_ALERT_SCOPE, 'deadLetters', now);
    return 0;
  }
  const facts: AlertFacts = { kind: 'deadLetters', total, queues: queues.filter((q) => q.messages > 0).map(({ queue, messages }) => ({ queue, messages })) };
  const opened = await deps.alerts.open({ stationId: FLEET_ALERT_SCOPE, stationName: 'Back end', rule: 'deadLetters', status: 'open', detail: alertDetail(facts).en, facts, openedAt: now, notifications: 0, nextNotifyAt: now });
  return opened ? 1 : 0;
}

/** The e-mail of an alert, in English (alert-emails.ts says why): the first, then reminders until someone acknowledges it. */
const alertEmailOf = (alert: AlertRecord, mailer: Mailer) => renderEmail(alertEmail, {
  alertId: alertId(alert), rule: alert.rule, stationId: alert.stationId, stationName: alert.stationName,
  detail: alert.facts ? alertDetail(alert.facts) : { en: alert.detail, id: alert.detail },
  openedAt: alert.openedAt, reminder: alert.notifications, link: mailer.linkTo('/admin/alerts'),
}, 'en');

export async function listAlerts(query: z.output<typeof AlertsQuery>, deps: { alerts: Alerts }, language: Language = 'en') {
  const page = await deps.alerts.list(query);
  return { items: page.items.map((r) => toAlert(r, language)), nextCursor: page.nextCursor };
}

/** An admin takes an open alert on: its e-mails stop. Acknowledging again answers the same; a resolved one is a 409. */
export async function acknowledgeAlert(id: string, actor: string, deps: { alerts: Alerts; clock: Clock }, language: Language = 'en'): Promise<Alert> {
  const key = parseAlertId(id);
  const current = key && (await deps.alerts.get(key.stationId, key.rule, key.openedAt));
  if (!key || !current) throw notFound(texts.alertNotFound);
  if (current.status === 'acknowledged') return toAlert(current, language);
  if (current.status === 'resolved') throw conflict(texts.alertResolvedAlready);
  const acknowledged = await deps.alerts.acknowledge(key.stationId, key.rule, key.openedAt, actor, deps.clock.now().toISOString());
  if (!acknowledged) {
    const now = await deps.alerts.get(key.stationId, key.rule, key.openedAt);
    if (now?.status === 'acknowledged') return toAlert(now, language);
    throw conflict(texts.alertResolvedAlready);
  }
  return toAlert(acknowledged, language);
}
