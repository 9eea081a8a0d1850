/** Where report photos live: uploaded by the browser straight to storage, then cleaned by the report handler. */
export interface PhotoStore {
  /** A presigned POST for one object at `key`: exactly this content type, at most `maxBytes`, for `expiresInSeconds`. */
  presignUpload(key: string, contentType: string, maxBytes: number, expiresInSeconds: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** The object's bytes, or null when there is none; refuses (throws) past `maxBytes` without reading further. */
  read(key: string, maxBytes: number): Promise<Uint8Array | null>;
  write(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
}
