import * as z from '../zod';
import { lazySchema } from '../lazy-schema';
import { uploadKey } from './upload';

/** What can be wrong at a station (docs/design.md, "Problem reports"). */
export const reportCategories = ['no-water', 'water-quality', 'broken', 'payment', 'dirty', 'other'] as const;
const ReportCategory = /* @__PURE__ */ lazySchema(() => z.enum(reportCategories));
type ReportCategoryKey = (typeof reportCategories)[number];

/** A report as its ticket source's detail reads (stored in English): '<category>: <note>', or the category alone. */
export const reportSourceDetail = (category: ReportCategoryKey, note: string | null | undefined) => (note ? `${category}: ${note}` : category);

/** The category and note of a report source's detail, for its label in the page's language; null when it names none. */
export function reportSourceParts(detail: string): { category: ReportCategoryKey; note: string | null } | null {
  const at = detail.indexOf(': ');
  const head = at < 0 ? detail : detail.slice(0, at);
  const category = reportCategories.find((c) => c === head);
  return category ? { category, note: at < 0 ? null : detail.slice(at + 2) } : null;
}


/** Photos a report may carry: these types only, at most this size (checked again on the stored bytes). */
export const reportPhotoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
const ReportPhotoType = /* @__PURE__ */ lazySchema(() => z.enum(reportPhotoTypes));
export const MAX_REPORT_PHOTO_BYTES = 3 * 1024 * 1024;
export const MAX_REPORT_NOTE_LENGTH = 1000;

export const PhotoUploadRequest = /* @__PURE__ */ lazySchema(() => z.object({
  contentType: ReportPhotoType,
  size: z.number().check(z.int(), z.gte(1), z.lte(MAX_REPORT_PHOTO_BYTES, 'The photo is larger than 3 MB')),
}));

export const ProblemReportInput = /* @__PURE__ */ lazySchema(() => z.object({
  stationId: z.string().check(z.minLength(1), z.maxLength(64)),
  category: ReportCategory,
  note: z._default(z.string().check(z.trim(), z.maxLength(MAX_REPORT_NOTE_LENGTH, `At most ${MAX_REPORT_NOTE_LENGTH} characters`)), ''),
  photoKey: z.optional(uploadKey('Not an uploaded photo')),
}));
export type ProblemReportInput = z.infer<typeof ProblemReportInput>;

export const ProblemReport = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  stationId: z.string(),
  stationName: z.string(),
  category: ReportCategory,
  note: z.string(),
  /** The photo, with its location and other metadata removed, when one was sent. */
  photo: z.nullable(z.object({ contentType: ReportPhotoType, bytes: z.number().check(z.int()) })),
  status: z.enum(['open', 'resolved']),
  createdAt: z.string(),
  resolvedAt: z.nullable(z.string()),
  resolvedBy: z.nullable(z.string()),
}));
export type ProblemReport = z.infer<typeof ProblemReport>;

export const ProblemReportQuery = /* @__PURE__ */ lazySchema(() => z.object({ status: z._default(z.enum(['open', 'resolved']), 'open') }));

/** The cleaned photo as a data: URL (the site's CSP allows data: images, so the admin page shows it as is). */
export const ProblemReportPhoto = /* @__PURE__ */ lazySchema(() => z.object({ dataUrl: z.string() }));
