import type { FileUpload } from '@shared/schemas/upload';

/**
 * Posts a file straight to storage with the presigned POST a route answered (S3 in AWS; the local cloud's S3
 * emulator through the site's own origin), so the file never passes through a function (docs/architecture.md, "Uploads").
 */
export async function postUpload(upload: FileUpload, file: Blob): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  const stored = await fetch(upload.url, { method: 'POST', body: form }).catch(() => null);
  if (!stored?.ok) throw new UploadFailed(`The upload failed (${stored?.status ?? 'no connection'})`);
}

/** Storage refused the file or could not be reached (the API's own errors are ApiRequestError). */
export class UploadFailed extends Error {
  override name = 'UploadFailed';
}
