import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable } from 'node:stream';

/** The parts of s3rver (a Koa app) and of its file store this module wraps. */
interface S3rverApp {
  middleware: ((ctx: { body?: unknown }, next: () => Promise<unknown>) => Promise<unknown>)[];
}
interface ObjectStore {
  getObject(bucket: string, key: string, options?: unknown): Promise<unknown>;
}

/**
 * Closes the file of every object s3rver opened for a request and did not send. s3rver opens an object's bytes before
 * it compares the request's If-None-Match and If-Modified-Since, and answers 304 without closing them: every
 * revalidated read (a browser's station list or tile with its ETag) kept a file open until the process ran out of
 * them (EMFILE in the mixed scale run, docs/scale.md). Call before the server runs: the middleware goes first.
 */
export function closeUnsentObjects(app: S3rverApp, store: ObjectStore): void {
  const opened = new AsyncLocalStorage<Readable[]>();
  const { getObject } = store;
  store.getObject = async (bucket, key, options) => {
    const object = (await getObject.call(store, bucket, key, options)) as { content?: Readable } | null;
    if (object?.content) opened.getStore()?.push(object.content);
    return object;
  };
  app.middleware.unshift(async (ctx, next) => {
    const streams: Readable[] = [];
    try {
      await opened.run(streams, next);
    } finally {
      for (const stream of streams) if (ctx.body !== stream) stream.destroy();
    }
  });
}
