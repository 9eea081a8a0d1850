import {
  MAX_REPORT_PHOTO_BYTES,
  type ProblemReport,
  type ProblemReportInput,
  type reportPhotoTypes,
} from '@shared/schemas/report';
import { type FileUpload } from '@shared/schemas/upload';
import type { Clock, Ids } from '../../platform/ports/clock';
import type { Machines } from '../../stations/ports/machines';
import type { FileStore } from '../../platform/ports/file-store';
import type { ProblemReportRecord, ProblemReports } from '../ports/problem-reports';
import type { RequestQuota } from '../../platform/ports/request-quota';
import type { Tickets } from '../ports/tickets';
import { conflict, notFound, tooManyRequests } from '../../platform/domain/errors';
import { fallbackName } from '../../stations/domain/machines';
import { stripPhotoMetadata } from './photo-metadata';
import { ticketForReport } from './tickets';
import * as texts from './texts';
import { offerUpload, uploadedBytes } from '../../platform/domain/uploads';

/**
 * Problem reports at a station (docs/design.md, "Problem reports"): anyone may report, with an optional photo sent
 * straight to storage; the photo is checked and cleaned of its metadata before an admin sees it, and the station
 * shows "problem reported" until every report on it is resolved.
 */
export interface ReportDeps {
  machines: Machines;
  problemReports: ProblemReports;
  quota: RequestQuota;
  files: FileStore;
  tickets: Tickets;
  clock: Clock;
  ids: Ids;
}

/** Per caller (client address) and hour: photo uploads and reports it may start. */
export const REPORT_LIMITS = { uploadsPerHour: 10, reportsPerHour: 5 } as const;

const photoKeyOf = (reportId: string) => `reports/${reportId}`;

async function withinQuota(deps: ReportDeps, what: 'upload' | 'report', client: string) {
  const limit = what === 'upload' ? REPORT_LIMITS.uploadsPerHour : REPORT_LIMITS.reportsPerHour;
  if (!(await deps.quota.take(`${what}#${client}`, limit, 3600, deps.clock.now()))) {
    throw tooManyRequests(texts.tooManyReports);
  }
}

export async function createPhotoUpload(input: { contentType: (typeof reportPhotoTypes)[number]; size: number }, client: string, deps: ReportDeps): Promise<FileUpload> {
  await withinQuota(deps, 'upload', client);
  return offerUpload(input.contentType, MAX_REPORT_PHOTO_BYTES, deps);
}

const PHOTO_REFUSALS = {
  field: 'photoKey', notUploaded: texts.photoNotUploaded, tooLarge: texts.photoTooLarge,
  fieldMessages: { notUploaded: 'Upload the photo first', tooLarge: 'Larger than 3 MB' },
};

export async function submitProblemReport(input: ProblemReportInput, client: string, deps: ReportDeps): Promise<ProblemReport> {
  const machine = await deps.machines.get(input.stationId);
  if (!machine) throw notFound(texts.noSuchStation);
  await withinQuota(deps, 'report', client);
  const id = deps.ids.next();
  let photo: ProblemReport['photo'] = null;
  if (input.photoKey) {
    const cleaned = stripPhotoMetadata(await uploadedBytes(input.photoKey, MAX_REPORT_PHOTO_BYTES, PHOTO_REFUSALS, deps));
    await deps.files.write(photoKeyOf(id), cleaned.bytes, cleaned.contentType);
    await deps.files.remove(input.photoKey);
    photo = { contentType: cleaned.contentType, bytes: cleaned.bytes.length };
  }
  const report: ProblemReportRecord = {
    id,
    stationId: machine.id,
    category: input.category,
    note: input.note,
    photo,
    status: 'open',
    createdAt: deps.clock.now().toISOString(),
    resolvedAt: null,
    resolvedBy: null,
  };
  if (!(await deps.problemReports.create(report))) throw notFound(texts.noSuchStation);
  const answer = { ...report, stationName: machine.name?.trim() || fallbackName(machine.id) };
  await ticketForReport(answer, deps);
  return answer;
}

async function named(records: ProblemReportRecord[], deps: Pick<ReportDeps, 'machines'>): Promise<ProblemReport[]> {
  const names = new Map((await deps.machines.list()).map((m) => [m.id, m.name?.trim() || fallbackName(m.id)]));
  return records.map((r) => ({ ...r, stationName: names.get(r.stationId) ?? fallbackName(r.stationId) }));
}

export async function listProblemReports(status: ProblemReport['status'], deps: Pick<ReportDeps, 'machines' | 'problemReports'>): Promise<ProblemReport[]> {
  return named(await deps.problemReports.list(status, 200), deps);
}

export async function problemReportPhoto(id: string, deps: Pick<ReportDeps, 'problemReports' | 'files'>): Promise<{ dataUrl: string }> {
  const report = await deps.problemReports.get(id);
  if (!report?.photo) throw notFound(texts.reportHasNoPhoto);
  const bytes = await deps.files.read(photoKeyOf(id), MAX_REPORT_PHOTO_BYTES);
  if (!bytes || bytes === 'tooLarge') throw notFound(texts.reportHasNoPhoto);
  return { dataUrl: `data:${report.photo.contentType};base64,${Buffer.from(bytes).toString('base64')}` };
}

export async function resolveProblemReport(id: string, actor: string, deps: Pick<ReportDeps, 'machines' | 'problemReports' | 'clock'>): Promise<ProblemReport> {
  const resolved = await deps.problemReports.resolve(id, actor, deps.clock.now().toISOString());
  if (!resolved) {
    if (await deps.problemReports.get(id)) throw conflict(texts.reportResolvedAlready);
    throw notFound(texts.noSuchReport);
  }
  return (await named([resolved], deps))[0]!;
}
