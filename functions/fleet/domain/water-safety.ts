import type * as z from 'zod/mini';
import { baliDate } from '@shared/bali-time';
import {
  LAB_REPORT_TYPE,
  MAX_LAB_REPORT_BYTES,
  type SafetyClearInput,
  type SafetyLockInput,
  type SafetyRecord,
  type SafetyRecordInput,
} from '@shared/schemas/water-safety';
import { type FileUpload } from '@shared/schemas/upload';
import type { Localized } from '@shared/language';
import type { SafetyLock } from '@shared/schemas/water-check';
import { type Machine } from '@shared/schemas/machine';
import { type Settings } from '@shared/schemas/settings';
import type { Clock, Ids } from '../../platform/ports/clock';
import type { FileStore } from '../../platform/ports/file-store';
import type { Log } from '../../platform/ports/log';
import type { MachineRecord, Machines } from '../../stations/ports/machines';
import type { SafetyRecords } from '../ports/safety-records';
import type { SettingsStore } from '../../platform/ports/settings';
import { conflict, invalid, notFound } from '../../platform/domain/errors';
import { toMachine } from '../../stations/domain/machines';
import * as stationTexts from '../../stations/domain/texts';
import * as texts from './texts';
import { offerUpload, uploadedBytes } from '../../platform/domain/uploads';

/**
 * Water safety (docs/stations.md, "Water safety"). A station reports its water quality in every heartbeat; admins
 * record sanitation visits and lab tests. A TDS above the settings' limit, a sanitation older than the interval or a
 * failed lab test locks the station (status `locked` with `safetyLock`), and so can an admin or a technician on purpose:
 * it denies every vend with the reason, and the public never sees it as available. Only an admin or a technician
 * clears the lock, and only once its cause is gone.
 */

type SafetyDeps = { machines: Machines; safetyRecords: SafetyRecords; clock: Clock; ids: Ids };

const DAY_MS = 86_400_000;
const HISTORY_LIMIT = 50;

/** When the next sanitation is due: the interval after the last one (or after the station was added); null when off. */
function sanitationDueAt(station: Pick<MachineRecord, 'lastSanitationAt' | 'createdAt'>, settings: Pick<Settings, 'sanitationIntervalDays'>): string | null {
  if (settings.sanitationIntervalDays <= 0) return null;
  return new Date(Date.parse(station.lastSanitationAt ?? station.createdAt) + settings.sanitationIntervalDays * DAY_MS).toISOString();
}

/** A cause that locks a station by itself (a manual lock is a person's); the lock keeps its detail in English. */
type Breach = { reason: Exclude<SafetyLock['reason'], 'manual'>; detail: Localized };

/** The cause that should lock the station now, if any (the first of quality, failed lab test, overdue sanitation). */
function safetyBreach(station: MachineRecord, settings: Pick<Settings, 'safetyTdsMaxPpm' | 'sanitationIntervalDays'>, now: Date): Breach | null {
  const tds = station.quality?.tdsPpm;
  if (settings.safetyTdsMaxPpm > 0 && tds !== undefined && tds > settings.safetyTdsMaxPpm) {
    return { reason: 'quality', detail: texts.tdsAbove(tds, settings.safetyTdsMaxPpm) };
  }
  if (station.lastLabTest?.result === 'fail') return { reason: 'labTestFailed', detail: texts.labTestFailed(station.lastLabTest.at) };
  const due = sanitationDueAt(station, settings);
  if (due && Date.parse(due) < now.getTime()) {
    return { reason: 'sanitationOverdue', detail: texts.sanitationOverdue(baliDate(due), station.lastSanitationAt?.slice(0, 10) ?? null) };
  }
  return null;
}

/** Locks a station for a breach, once (a station already locked for safety keeps its first reason); `by` who locked it. */
async function lockForSafety(station: MachineRecord, breach: Omit<SafetyLock, 'at'>, deps: SafetyDeps & { log: Log }, by = 'system'): Promise<MachineRecord | null> {
  const at = deps.clock.now().toISOString();
  const lock: SafetyLock = { ...breach, at };
  const locked = await deps.machines.update(station.id, { status: 'locked', safetyLock: lock, updatedAt: at }, { noSafetyLock: true });
  if (!locked) return null;
  deps.log.warn('station locked for water safety', { stationId: station.id, ...breach });
  await deps.safetyRecords.add({ id: deps.ids.next(), stationId: station.id, kind: 'locked', date: at, result: null, note: `${breach.reason}: ${breach.detail}`, by, at });
  return locked;
}

/** After a heartbeat was applied: a quality breach or an overdue sanitation locks the station. */
export async function evaluateSafety(station: MachineRecord, settings: Settings, deps: SafetyDeps & { log: Log }): Promise<void> {
  if (station.safetyLock) return;
  const breach = safetyBreach(station, settings, deps.clock.now());
  if (breach) await lockForSafety(station, { reason: breach.reason, detail: breach.detail.en }, deps);
}

/** A lab test's PDF report, kept under its record's id (docs/stations.md, "Water safety"). */
const labReportKeyOf = (recordId: string) => `lab-tests/${recordId}.pdf`;
const LAB_REPORT_LINK_SECONDS = 300;
const LAB_REPORT_REFUSALS = {
  field: 'reportKey', notUploaded: texts.labReportNotUploaded, tooLarge: texts.labReportTooLarge,
  fieldMessages: { notUploaded: 'Upload the PDF first', tooLarge: 'Larger than 5 MB' },
};
/** What every PDF starts with (a browser's type and the presigned policy only say what the sender claimed). */
const PDF_MAGIC = [...'%PDF-'].map((c) => c.charCodeAt(0));

/** A presigned POST for one lab test's PDF report, at a station that exists. */
export async function createLabReportUpload(stationId: string, deps: Pick<SafetyDeps, 'machines' | 'clock' | 'ids'> & { files: FileStore }): Promise<FileUpload> {
  if (!(await deps.machines.get(stationId))) throw notFound(stationTexts.machineNotFound);
  return offerUpload(LAB_REPORT_TYPE, MAX_LAB_REPORT_BYTES, deps);
}

/** The uploaded PDF at `key`, checked (there, at most 5 MB, starting with %PDF-) before anything is recorded. */
async function checkedLabReport(key: string, deps: { files: FileStore }): Promise<Uint8Array> {
  const bytes = await uploadedBytes(key, MAX_LAB_REPORT_BYTES, LAB_REPORT_REFUSALS, deps);
  if (!PDF_MAGIC.every((b, i) => bytes[i] === b)) throw invalid(texts.labReportNotPdf, { reportKey: 'Not a PDF file' });
  return bytes;
}

/**
 * An admin records a sanitation visit or a lab test; a failed lab test locks the station at once. A lab test's PDF
 * (uploaded first) is checked before anything is recorded, then kept under the record and its upload dropped.
 */
export async function recordSafety(stationId: string, input: z.output<typeof SafetyRecordInput>, actor: string, deps: SafetyDeps & { log: Log; files: FileStore }): Promise<SafetyRecord> {
  const station = await deps.machines.get(stationId);
  if (!station) throw notFound(stationTexts.machineNotFound);
  const reportKey = input.kind === 'labTest' ? input.reportKey : undefined;
  const pdf = reportKey ? await checkedLabReport(reportKey, deps) : null;
  const at = deps.clock.now().toISOString();
  const record: SafetyRecord = { id: deps.ids.next(), stationId, kind: input.kind, date: input.date, result: input.kind === 'labTest' ? input.result : null, note: input.note, by: actor, at };
  if (reportKey && pdf) {
    await deps.files.write(labReportKeyOf(record.id), pdf, LAB_REPORT_TYPE);
    await deps.files.remove(reportKey);
    record.labReport = { bytes: pdf.length };
  }
  await deps.safetyRecords.add(record);
  // The station keeps the latest of each (a visit recorded late does not replace a newer one).
  if (input.kind === 'sanitation' && !(station.lastSanitationAt && station.lastSanitationAt > input.date)) {
    await deps.machines.update(stationId, { lastSanitationAt: input.date, updatedAt: at });
  }
  if (input.kind === 'labTest' && !(station.lastLabTest && station.lastLabTest.at > input.date)) {
    const updated = await deps.machines.update(stationId, { lastLabTest: { at: input.date, result: input.result }, updatedAt: at });
    if (updated && input.result === 'fail' && !updated.safetyLock) await lockForSafety(updated, { reason: 'labTestFailed', detail: texts.labTestFailed(input.date).en }, deps);
  }
  return record;
}

/**
 * An admin or a technician locks a station on purpose, saying why (a leak, a broken tap): it denies vends like any
 * safety lock, until someone clears it (a manual lock has no cause that must go away first).
 */
export async function lockStation(stationId: string, input: z.output<typeof SafetyLockInput>, actor: string, deps: SafetyDeps & { log: Log; settings: SettingsStore }): Promise<Machine> {
  const [station, settings] = await Promise.all([deps.machines.get(stationId), deps.settings.get()]);
  if (!station) throw notFound(stationTexts.machineNotFound);
  if (station.safetyLock) throw conflict(texts.stationLockedAlready);
  const locked = await lockForSafety(station, { reason: 'manual', detail: input.note }, deps, actor);
  if (!locked) throw conflict(texts.stationLockedAlready);
  return toMachine(locked, deps.clock.now(), settings);
}

/** A short-lived link to a lab test's PDF report; 404 when the station has no such record or it has no PDF. */
export async function labReportLink(stationId: string, recordId: string, deps: Pick<SafetyDeps, 'safetyRecords' | 'clock'> & { files: FileStore }) {
  const record = await deps.safetyRecords.get(stationId, recordId);
  if (!record?.labReport) throw notFound(texts.noLabReport);
  const url = await deps.files.presignDownload(labReportKeyOf(record.id), `lab-test-${stationId}-${record.date}.pdf`, LAB_REPORT_LINK_SECONDS);
  return { url, expiresAt: new Date(deps.clock.now().getTime() + LAB_REPORT_LINK_SECONDS * 1000).toISOString() };
}

export async function safetyOverview(stationId: string, deps: { machines: Machines; safetyRecords: SafetyRecords; settings: SettingsStore }) {
  const [station, records, settings] = await Promise.all([deps.machines.get(stationId), deps.safetyRecords.latest(stationId, HISTORY_LIMIT), deps.settings.get()]);
  if (!station) throw notFound(stationTexts.machineNotFound);
  return {
    lock: station.safetyLock ?? null,
    lastSanitationAt: station.lastSanitationAt ?? null,
    sanitationDueAt: sanitationDueAt(station, settings),
    lastLabTest: station.lastLabTest ?? null,
    records,
  };
}

const STILL_THERE: Record<Breach['reason'], (detail: Localized) => Localized> = {
  quality: texts.clearRefusedQuality,
  labTestFailed: texts.clearRefusedLabTest,
  sanitationOverdue: texts.clearRefusedSanitation,
};

/**
 * An admin or a technician clears a water safety lock, saying what was done; refused (409) while any cause still holds. The station
 * goes back online when it is connected (offline otherwise, until it is heard).
 */
export async function clearSafetyLock(stationId: string, input: z.output<typeof SafetyClearInput>, actor: string, deps: SafetyDeps & { settings: SettingsStore }): Promise<Machine> {
  const [station, settings] = await Promise.all([deps.machines.get(stationId), deps.settings.get()]);
  if (!station) throw notFound(stationTexts.machineNotFound);
  if (!station.safetyLock) throw conflict(texts.stationNotSafetyLocked);
  const now = deps.clock.now();
  const breach = safetyBreach(station, settings, now);
  if (breach) throw conflict(STILL_THERE[breach.reason](breach.detail));
  const at = now.toISOString();
  const cleared = await deps.machines.update(stationId, {
    status: station.connection?.state === 'connected' ? 'online' : 'offline', safetyLock: undefined, updatedAt: at,
  }, { safetyLockAt: station.safetyLock.at });
  if (!cleared) throw conflict(texts.stationChangedMeanwhile);
  await deps.safetyRecords.add({ id: deps.ids.next(), stationId, kind: 'unlocked', date: at, result: null, note: input.note, by: actor, at });
  return toMachine(cleared, now, settings);
}
