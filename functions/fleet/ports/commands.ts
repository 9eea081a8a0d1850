import type { Command, CommandExecution } from '@shared/schemas/command';

/**
 * What a history event's note is composed from, so that it reads in the page's language (docs/design.md,
 * "Error texts"); `note` keeps the English, the only text of an event stored before `facts`.
 */
export type CommandNoteFacts =
  | { kind: 'created'; stations: number | 'all' }
  | { kind: 'step'; step: number; steps: number; stations: number }
  | { kind: 'abortedAt'; step: number; steps: number }
  | { kind: 'threshold'; failed: number; ended: number; percent: number; threshold: number; step: number }
  | { kind: 'finished'; succeeded: number; failed: number };
export type CommandEventRecord = Command['history'][number] & { facts?: CommandNoteFacts };

/** A command as stored: `stepEnds[k]` is how many of its stations steps 1..k+1 hold together. */
export type CommandRecord = Omit<Command, 'history'> & { history: CommandEventRecord[]; stepEnds: number[] };

/** How a station's execution ended (a job execution's terminal status). */
export type ExecutionEnd = { status: Extract<CommandExecution['status'], 'succeeded' | 'failed' | 'canceled' | 'timed_out'>; reason: string | null; at: string };

/** A change of a command that is still in progress at a given step. */
export interface CommandAdvance {
  step?: number;
  status?: Command['status'];
  finishedAt?: string;
  event: CommandEventRecord;
}

export interface Commands {
  /** Writes the command and one queued execution per station. */
  create(command: CommandRecord, executions: CommandExecution[]): Promise<void>;
  get(id: string): Promise<CommandRecord | null>;
  /** Newest first, a page at a time. */
  list(page: { limit: number; cursor?: string | undefined }): Promise<{ items: CommandRecord[]; nextCursor: string | null }>;
  /** Every station's execution of a command, by step then station. */
  executions(id: string): Promise<CommandExecution[]>;
  /** A station's progress: written only while its execution is queued or in progress and the percent does not go back; false otherwise. */
  progress(id: string, stationId: string, progress: number, at: string): Promise<boolean>;
  /**
   * Ends an execution that is queued or in progress and counts it on the command, in one transaction; `machine`: fields
   * written to the station in the same transaction (a price the station now shows). False when it had ended already.
   */
  finish(id: string, stationId: string, end: ExecutionEnd, machine?: { pricePerLitre: number }): Promise<boolean>;
  /** Changes a command that is in progress at step `fromStep`; null when it is not (someone else moved it). */
  advance(id: string, fromStep: number, change: CommandAdvance): Promise<CommandRecord | null>;
}
