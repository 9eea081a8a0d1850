import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/** The parts of s3rver's file store (s3rver/lib/stores/filesystem.js) this module replaces or calls. */
interface FilesystemStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  getObject(bucket: string, key: string, options?: unknown): Promise<unknown>;
  getMetadata(bucket: string, key: string): Promise<unknown>;
  putObject(object: { bucket: string; key: string; content: Buffer | Readable; metadata: Record<string, string> }): Promise<{ size: number; md5: string }>;
}

/** The three files s3rver keeps per object: its bytes, their MD5 (the ETag) and its metadata (content type, x-amz-meta-*). */
const OBJECT_FILES = ['object', 'object.md5', 'metadata.json'] as const;

const { ALLOWED_METADATA } = createRequire(import.meta.url)('s3rver/lib/models/object') as { ALLOWED_METADATA: string[] };

/**
 * Makes s3rver replace an object as S3 does: a read sees the old object or the new one, whole. s3rver truncates the
 * object's file and writes it in place, then its MD5 and metadata beside it, so a read during a write (a page loading
 * the station list while the publisher rewrites it) got a short body, a mismatched length or a 500.
 * Here a write goes to files in `staging` first (outside the buckets, on the same file system); then its three files
 * are renamed into place while no read of that key is between reading the metadata and opening the bytes (a read that
 * has its file open keeps the old bytes).
 */
export function makeWritesAtomic(store: FilesystemStore, staging: string): void {
  const locks = new Map<string, Promise<unknown>>();
  /** Runs `step` after the steps queued before it for the same object; short steps only (a rename, a metadata read and an open). */
  const exclusive = <T>(bucket: string, key: string, step: () => Promise<T>): Promise<T> => {
    const id = `${bucket}/${key}`;
    const run = (locks.get(id) ?? Promise.resolve()).then(step, step);
    const settled = run.catch(() => undefined);
    locks.set(id, settled);
    void settled.then(() => locks.get(id) === settled && locks.delete(id));
    return run;
  };
  const { getObject, getMetadata } = store;
  // s3rver's getObject reads the metadata through the store: in the same exclusive step, not in one queued behind it.
  const unlocked: FilesystemStore = Object.assign(Object.create(store) as FilesystemStore, { getMetadata });
  store.getObject = (bucket, key, options) => exclusive(bucket, key, () => getObject.call(unlocked, bucket, key, options));
  store.getMetadata = (bucket, key) => exclusive(bucket, key, () => getMetadata.call(unlocked, bucket, key));
  store.putObject = async ({ bucket, key, content, metadata }) => {
    const bytes = Buffer.isBuffer(content) ? content : await collect(content);
    const md5 = createHash('md5').update(bytes).digest('hex');
    // What s3rver's own putMetadata keeps.
    const stored = Object.fromEntries(Object.entries(metadata).filter(([name]) => ALLOWED_METADATA.includes(name) || name.startsWith('x-amz-meta-')));
    const contents: Record<(typeof OBJECT_FILES)[number], string | Buffer> = { object: bytes, 'object.md5': md5, 'metadata.json': JSON.stringify(stored, null, 2) };
    const written = join(staging, randomUUID());
    await mkdir(written, { recursive: true });
    await Promise.all(OBJECT_FILES.map((file) => writeFile(join(written, file), contents[file])));
    await mkdir(dirname(store.getResourcePath(bucket, key, 'object')), { recursive: true });
    await exclusive(bucket, key, async () => {
      for (const file of OBJECT_FILES) await rename(join(written, file), store.getResourcePath(bucket, key, file));
    });
    await rm(written, { recursive: true, force: true });
    return { size: bytes.length, md5 };
  };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
