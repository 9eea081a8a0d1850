import * as z from '../zod';
import { lazySchema } from '../lazy-schema';

/**
 * A presigned POST (problem-report photos, lab reports): the browser posts `fields` and then the file to `url`; S3
 * checks the size and type again, and the route that takes the upload checks the stored bytes.
 */
export const FileUpload = /* @__PURE__ */ lazySchema(() => z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  maxBytes: z.number().check(z.int()),
  expiresAt: z.string(),
}));
export type FileUpload = z.infer<typeof FileUpload>;

/** The key of an upload a presigned POST handed out (a route taking one refuses any other key, such as a kept file's). */
export const uploadKey = (message: string) => z.string().check(z.regex(/^uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, message));
