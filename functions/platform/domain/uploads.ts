import type { FileUpload } from '@shared/schemas/upload';
import type { Clock, Ids } from '../ports/clock';
import type { FileStore } from '../ports/file-store';
import { invalid, type ErrorText } from './errors';

/**
 * Files the browser sends straight to storage (docs/architecture.md, "Uploads"): a route hands out a presigned POST
 * under `uploads/` (dropped after a day unless taken), and the route that takes the upload checks the stored bytes.
 */
export type UploadDeps = { files: FileStore; clock: Clock; ids: Ids };

const UPLOAD_URL_SECONDS = 300;

export async function offerUpload(contentType: string, maxBytes: number, deps: UploadDeps): Promise<FileUpload> {
  const key = `uploads/${deps.ids.next()}`;
  const { url, fields } = await deps.files.presignUpload(key, contentType, maxBytes, UPLOAD_URL_SECONDS);
  return { url, fields, key, maxBytes, expiresAt: new Date(deps.clock.now().getTime() + UPLOAD_URL_SECONDS * 1000).toISOString() };
}

/** What a refused upload says, and the field it names. */
type UploadRefusals = { field: string; notUploaded: ErrorText; tooLarge: ErrorText; fieldMessages: { notUploaded: string; tooLarge: string } };

/** The uploaded bytes at `key`; 400 naming the field when nothing was uploaded there or it is larger than `maxBytes`. */
export async function uploadedBytes(key: string, maxBytes: number, refusals: UploadRefusals, deps: Pick<UploadDeps, 'files'>): Promise<Uint8Array> {
  const bytes = await deps.files.read(key, maxBytes);
  if (bytes === 'tooLarge') throw invalid(refusals.tooLarge, { [refusals.field]: refusals.fieldMessages.tooLarge });
  if (!bytes) throw invalid(refusals.notUploaded, { [refusals.field]: refusals.fieldMessages.notUploaded });
  return bytes;
}
