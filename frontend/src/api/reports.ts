import { MAX_REPORT_PHOTO_BYTES, reportPhotoTypes, type ProblemReportInput } from '@shared/schemas/report';
import { api } from './client';
import { postUpload } from './uploads';

export const acceptsPhoto = (file: File) => (reportPhotoTypes as readonly string[]).includes(file.type);
export const photoTooLarge = (file: File) => file.size > MAX_REPORT_PHOTO_BYTES;

/**
 * Sends a problem report: the photo first, straight to storage with the presigned POST the API answers (S3 in AWS;
 * the local cloud's S3 emulator through the site's own origin), then the report naming the uploaded photo.
 */
export async function sendProblemReport(input: Omit<ProblemReportInput, 'photoKey'>, photo: File | null) {
  let photoKey: string | undefined;
  if (photo) {
    const upload = await api('createReportPhotoUpload', { body: { contentType: photo.type as (typeof reportPhotoTypes)[number], size: photo.size } });
    await postUpload(upload, photo);
    photoKey = upload.key;
  }
  return api('createProblemReport', { body: { ...input, photoKey } });
}
