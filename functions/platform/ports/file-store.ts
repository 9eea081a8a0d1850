/**
 * Where uploaded files live (problem-report photos, lab reports): uploaded by the browser straight to storage, then
 * checked and kept under their own key by the route that takes the upload.
 */
export interface FileStore {
  /** A presigned POST for one object at `key`: exactly this content type, at most `maxBytes`, for `expiresInSeconds`. */
  presignUpload(key: string, contentType: string, maxBytes: number, expiresInSeconds: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** A presigned GET of the object at `key` for `expiresInSeconds`, offered to the browser as `fileName`. */
  presignDownload(key: string, fileName: string, expiresInSeconds: number): Promise<string>;
  /** The object's bytes, null when there is none, or 'tooLarge' past `maxBytes` (without reading further). */
  read(key: string, maxBytes: number): Promise<Uint8Array | 'tooLarge' | null>;
  write(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
}
