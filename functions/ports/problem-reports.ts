import type { ProblemReport } from '@shared/schemas/report';

/** A problem report as stored: the public answer without the station's name, which is read at answer time. */
export type ProblemReportRecord = Omit<ProblemReport, 'stationName'>;

export interface ProblemReports {
  /** Stores an open report and counts it on its station, in one transaction; false when the station does not exist. */
  create(report: ProblemReportRecord): Promise<boolean>;
  get(id: string): Promise<ProblemReportRecord | null>;
  /** Reports of one status, newest first. */
  list(status: ProblemReport['status'], limit: number): Promise<ProblemReportRecord[]>;
  /** Marks an open report resolved and uncounts it on its station, in one transaction; null when it was not open. */
  resolve(id: string, resolvedBy: string, resolvedAt: string): Promise<ProblemReportRecord | null>;
}

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
