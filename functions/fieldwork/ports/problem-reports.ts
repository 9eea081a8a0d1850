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
