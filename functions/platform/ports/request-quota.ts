/** Counts requests per caller and window (rate limits of public writes). */
export interface RequestQuota {
  /** Counts one request of `key` in the window that holds `now`; false once `limit` were counted there already. */
  take(key: string, limit: number, windowSeconds: number, now: Date): Promise<boolean>;
  /** Uncounts one request of `key` in the window that held `at` (what was counted no longer costs anything). */
  give(key: string, windowSeconds: number, at: Date): Promise<void>;
}

/** The fixed window of `windowSeconds` that holds `at`: its start and its end, in epoch seconds. */
export function quotaWindow(at: Date, windowSeconds: number): { start: number; end: number } {
  const seconds = Math.floor(at.getTime() / 1000);
  const start = seconds - (seconds % windowSeconds);
  return { start, end: start + windowSeconds };
}
