import type { CommandAction } from '@shared/schemas/command';

/** What a station receives as its job document (docs/station-protocol.md, "Remote commands"). */
export type JobDocument = CommandAction & { commandId: string };

/**
 * Jobs for stations: IoT Jobs in AWS (adapters/iot/iot-station-jobs.ts), the local broker's emulation of its device
 * API locally. Each station's result comes back as a job execution event to functions/iot/commandResult.ts.
 */
export interface StationJobs {
  /** Queues one execution of `document` per station under `jobId` (unique per command and rollout step). */
  dispatch(jobId: string, stationIds: string[], document: JobDocument): Promise<void>;
  /** Cancels the executions of the job still queued (those in progress finish and report). */
  cancel(jobId: string): Promise<void>;
  /** Cancels one station's execution of the job while it is queued; nothing when it started or ended meanwhile. */
  cancelExecution(jobId: string, stationId: string, reason: string): Promise<void>;
}

/** The IoT Jobs device API over MQTT, the subset stations use (docs/station-protocol.md, "Remote commands"). */
export const jobTopics = {
  notifyNext: (thing: string) => `$aws/things/${thing}/jobs/notify-next`,
  startNext: (thing: string) => `$aws/things/${thing}/jobs/start-next`,
  startNextAccepted: (thing: string) => `$aws/things/${thing}/jobs/start-next/accepted`,
  startNextRejected: (thing: string) => `$aws/things/${thing}/jobs/start-next/rejected`,
  update: (thing: string, jobId: string) => `$aws/things/${thing}/jobs/${jobId}/update`,
  updateAccepted: (thing: string, jobId: string) => `$aws/things/${thing}/jobs/${jobId}/update/accepted`,
  updateRejected: (thing: string, jobId: string) => `$aws/things/${thing}/jobs/${jobId}/update/rejected`,
  /** Where IoT publishes a job execution's end (the account's jobExecution events, enabled by the stack). */
  executionEvent: (jobId: string, operation: string) => `$aws/events/jobExecution/${jobId}/${operation}`,
} as const;

/** A job execution as the device API describes it. */
export interface JobExecutionMessage {
  jobId: string;
  thingName: string;
  status: 'QUEUED' | 'IN_PROGRESS' | 'SUCCEEDED' | 'FAILED' | 'CANCELED' | 'TIMED_OUT' | 'REJECTED' | 'REMOVED';
  statusDetails?: Record<string, string>;
  queuedAt: number;
  startedAt?: number;
  lastUpdatedAt: number;
  versionNumber: number;
  executionNumber: number;
  jobDocument: JobDocument;
}
