import {
  MAX_REPORT_PHOTO_BYTES,
  type PhotoUpload,
  type ProblemReport,
  type ProblemReportInput,
  type reportPhotoTypes,
} from '@shared/schemas';
import type { Clock, Ids } from '../ports/clock';
import type { Machines } from '../ports/machines';
import type { PhotoStore } from '../ports/photo-store';
import type { ProblemReportRecord, ProblemReports, RequestQuota } from '../ports/problem-reports';
import type { Tickets } from '../ports/tickets';
import { conflict, invalid, notFound, tooManyRequests } from './errors';
import { fallbackName } from './machines';
import { stripPhotoMetadata } from './photo-metadata';
import { ticketForReport } from './tickets';
import { texts } from './texts';

/**
 * Problem reports at a station (docs/design.md, "Problem reports"): anyone may report, with an optional photo sent
 * straight to storage; the photo is checked and cleaned of its metadata before an admin sees it, and the station
 * shows "problem reported" until every report on it is resolved.
 */
export interface ReportDeps {
  machines: Machines;
  problemReports: ProblemReports;
  quota: RequestQuota;
  photos: PhotoStore;
  tickets: Tickets;
  clock: Clock;
  ids: Ids;
}

/** Per caller (client address) and hour: photo uploads and reports it may start. */
export const REPORT_LIMITS = { uploadsPerHour: 10, reportsPerHour: 5 } as const;
const UPLOAD_URL_SECONDS = 300;

const photoKeyOf = (reportId: string) => `reports/${reportId}`;

async function withinQuota(deps: ReportDeps, what: 'upload' | 'report', client: string) {
  const limit = what === 'upload' ? REPORT_LIMITS.uploadsPerHour : REPORT_LIMITS.reportsPerHour;
  if (!(await deps.quota.take(`${what}#${client}`, limit, 3600, deps.clock.now()))) {
    throw tooManyRequests(texts.tooManyReports);
  }
}

export async function createPhotoUpload(input: { contentType: (typeof reportPhotoTypes)[number]; size: number }, client: string, deps: ReportDeps): Promise<PhotoUpload> {
  await withinQuota(deps, 'upload', client);
  const key = `uploads/${deps.ids.next()}`;
  const { url, fields } = await deps.photos.presignUpload(key, input.contentType, MAX_REPORT_PHOTO_BYTES, UPLOAD_URL_SECONDS);
  return { url, fields, key, maxBytes: MAX_REPORT_PHOTO_BYTES, expiresAt: new Date(deps.clock.now().getTime() + UPLOAD_URL_SECONDS * 1000).toISOString() };
}

export async function submitProblemReport(input: ProblemReportInput, client: string, deps: ReportDeps): Promise<ProblemReport> {
  const machine = await deps.machines.get(input.stationId);
  if (!machine) throw notFound(texts.noSuchStation);
  await withinQuota(deps, 'report', client);
  const id = deps.ids.next();
  let photo: ProblemReport['photo'] = null;
  if (input.photoKey) {
    const uploaded = await deps.photos.read(input.photoKey, MAX_REPORT_PHOTO_BYTES);
    if (!uploaded) throw invalid(texts.photoNotUploaded, { photoKey: 'Upload the photo first' });
    const cleaned = stripPhotoMetadata(uploaded);
    await deps.photos.write(photoKeyOf(id), cleaned.bytes, cleaned.contentType);
    await deps.photos.remove(input.photoKey);
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

export async function problemReportPhoto(id: string, deps: Pick<ReportDeps, 'problemReports' | 'photos'>): Promise<{ dataUrl: string }> {
  const report = await deps.problemReports.get(id);
  if (!report?.photo) throw notFound(texts.reportHasNoPhoto);
  const bytes = await deps.photos.read(photoKeyOf(id), MAX_REPORT_PHOTO_BYTES);
  if (!bytes) throw notFound(texts.reportHasNoPhoto);
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
