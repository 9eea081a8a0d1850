import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { localJobTopics } from './adapters/local-broker-jobs';
import { jobTopics, type JobDocument, type JobExecutionMessage } from '@functions/fleet/ports/station-jobs';

/**
 * The local stand-in for AWS IoT Jobs (docs/local-cloud.md, "Remote commands"): the back end creates and cancels jobs
 * on the broker's control topics (infra/local/adapters/local-broker-jobs.ts), stations use the subset of the jobs
 * device API over MQTT that docs/station-protocol.md describes (notify-next, start-next, update), and each execution's
 * end is reported as IoT's `$aws/events/jobExecution/<jobId>/<operation>` event to the same handler as the AWS rule.
 */
type Status = JobExecutionMessage['status'];
const TERMINAL: readonly Status[] = ['SUCCEEDED', 'FAILED', 'CANCELED', 'TIMED_OUT', 'REJECTED', 'REMOVED'];
/** Statuses a device may set through update. */
const DEVICE_STATUSES: readonly Status[] = ['IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'REJECTED'];
/** The ARN the events carry (the local account of the stand-ins). */
const thingArn = (thing: string) => `arn:aws:iot:local:000000000000:thing/${thing}`;

interface Execution extends JobExecutionMessage {
  timer?: NodeJS.Timeout;
}

/** The emulation's state file. */
interface SavedJobs {
  executionNumber: number;
  documents: [string, JobDocument][];
  executions: JobExecutionMessage[];
}

export interface JobsEmulation {
  /** The back end's control messages (create, cancel). */
  control(topic: string, message: unknown): void;
  /** A station's message on its own $aws/things/<id>/jobs/ topics; false when it is not one. */
  device(stationId: string, topic: string, message: unknown): boolean;
  stop(): void;
}

export function emulateJobs(options: {
  /** Publishes to the stations (the broker's own publish). */
  publish: (topic: string, message: object) => void;
  /** An execution ended: the jobExecution event, to the commandResult handler. */
  report: (event: object) => void;
  /** How long an execution may stay in progress (the job's timeoutConfig). */
  inProgressTimeoutMs: number;
  /**
   * Where the jobs and their executions are kept across restarts, as IoT keeps them (in the ignored data folder);
   * none: in memory only.
   */
  stateFile?: string | undefined;
}): JobsEmulation {
  const documents = new Map<string, JobDocument>();
  const byThing = new Map<string, Execution[]>();
  let executionNumber = 0;

  // Written after every change (a few kilobytes; through a temporary file so that a crash never leaves half of it).
  const save = () => {
    if (!options.stateFile) return;
    const state: SavedJobs = { executionNumber, documents: [...documents], executions: [...byThing.values()].flat().map((e) => view(e)) };
    writeFileSync(`${options.stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${options.stateFile}.tmp`, options.stateFile);
  };

  const view = ({ timer: _timer, ...execution }: Execution): JobExecutionMessage => execution;
  const pendingOf = (thing: string) => {
    const all = byThing.get(thing) ?? [];
    return all.find((e) => e.status === 'IN_PROGRESS') ?? all.find((e) => e.status === 'QUEUED');
  };
  const notifyNext = (thing: string) => {
    const next = pendingOf(thing);
    options.publish(jobTopics.notifyNext(thing), { timestamp: Math.floor(Date.now() / 1000), ...(next ? { execution: view(next) } : {}) });
  };
  const end = (execution: Execution, status: Status, statusDetails?: Record<string, string>) => {
    clearTimeout(execution.timer);
    execution.status = status;
    if (statusDetails) execution.statusDetails = statusDetails;
    execution.lastUpdatedAt = Math.floor(Date.now() / 1000);
    execution.versionNumber++;
    const operation = status.toLowerCase();
    save();
    options.report({
      eventType: 'JOB_EXECUTION', eventId: randomUUID(), timestamp: Math.floor(Date.now() / 1000), operation,
      jobId: execution.jobId, thingArn: thingArn(execution.thingName), status, statusDetails: execution.statusDetails ?? {},
    });
  };
  const startTimer = (execution: Execution, afterMs = options.inProgressTimeoutMs) => {
    execution.timer = setTimeout(() => {
      if (execution.status !== 'IN_PROGRESS') return;
      end(execution, 'TIMED_OUT', { reason: 'in progress longer than the job allows' });
      notifyNext(execution.thingName);
    }, Math.max(0, afterMs));
  };

  const create = (jobId: string, stationIds: string[], document: JobDocument) => {
    if (documents.has(jobId)) return;
    documents.set(jobId, document);
    const now = Math.floor(Date.now() / 1000);
    for (const thing of stationIds) {
      const list = byThing.get(thing) ?? [];
      byThing.set(thing, list);
      const wasNext = pendingOf(thing);
      list.push({ jobId, thingName: thing, status: 'QUEUED', queuedAt: now, lastUpdatedAt: now, versionNumber: 1, executionNumber: ++executionNumber, jobDocument: document });
      if (!wasNext) notifyNext(thing);
    }
    save();
  };

  const cancel = (jobId: string) => {
    for (const [thing, list] of byThing) {
      const wasNext = pendingOf(thing);
      for (const execution of list.filter((e) => e.jobId === jobId && e.status === 'QUEUED')) end(execution, 'CANCELED', { reason: 'job canceled' });
      if (wasNext !== pendingOf(thing)) notifyNext(thing);
    }
  };

  /** CancelJobExecution without force: only a queued execution. */
  const cancelExecution = (jobId: string, thing: string, reason: string) => {
    const wasNext = pendingOf(thing);
    const execution = byThing.get(thing)?.find((e) => e.jobId === jobId && e.status === 'QUEUED');
    if (!execution) return;
    end(execution, 'CANCELED', { reason });
    if (wasNext !== pendingOf(thing)) notifyNext(thing);
  };

  const startNext = (thing: string, request: { clientToken?: string }) => {
    const next = pendingOf(thing);
    if (next?.status === 'QUEUED') {
      next.status = 'IN_PROGRESS';
      next.startedAt = next.lastUpdatedAt = Math.floor(Date.now() / 1000);
      next.versionNumber++;
      startTimer(next);
      save();
    }
    options.publish(jobTopics.startNextAccepted(thing), { timestamp: Math.floor(Date.now() / 1000), ...(request.clientToken ? { clientToken: request.clientToken } : {}), ...(next ? { execution: view(next) } : {}) });
  };

  const update = (thing: string, jobId: string, request: { status?: string; statusDetails?: Record<string, string>; clientToken?: string }) => {
    const reject = (code: string, message: string) => options.publish(jobTopics.updateRejected(thing, jobId), { code, message, timestamp: Math.floor(Date.now() / 1000), ...(request.clientToken ? { clientToken: request.clientToken } : {}) });
    const execution = byThing.get(thing)?.find((e) => e.jobId === jobId);
    if (!execution) return reject('ResourceNotFound', `No job execution ${jobId} for ${thing}`);
    const status = request.status as Status;
    if (!DEVICE_STATUSES.includes(status)) return reject('InvalidRequest', `status must be one of ${DEVICE_STATUSES.join(', ')}`);
    if (TERMINAL.includes(execution.status)) return reject('InvalidStateTransition', `The job execution is ${execution.status}`);
    if (status === 'IN_PROGRESS') {
      if (execution.status === 'QUEUED') startTimer(execution);
      execution.status = 'IN_PROGRESS';
      execution.startedAt ??= Math.floor(Date.now() / 1000);
      if (request.statusDetails) execution.statusDetails = request.statusDetails;
      execution.lastUpdatedAt = Math.floor(Date.now() / 1000);
      execution.versionNumber++;
      save();
    } else {
      end(execution, status, request.statusDetails);
    }
    options.publish(jobTopics.updateAccepted(thing, jobId), {
      timestamp: Math.floor(Date.now() / 1000), ...(request.clientToken ? { clientToken: request.clientToken } : {}),
      executionState: { status: execution.status, statusDetails: execution.statusDetails ?? {}, versionNumber: execution.versionNumber },
    });
    if (status !== 'IN_PROGRESS') notifyNext(thing);
  };

  // Back after a restart: the queued executions wait for their stations; one in progress keeps the time it has left.
  if (options.stateFile && existsSync(options.stateFile)) {
    const saved = JSON.parse(readFileSync(options.stateFile, 'utf8')) as SavedJobs;
    executionNumber = saved.executionNumber;
    for (const [jobId, document] of saved.documents) documents.set(jobId, document);
    for (const execution of saved.executions) {
      const list = byThing.get(execution.thingName) ?? [];
      byThing.set(execution.thingName, list);
      list.push(execution);
      if (execution.status === 'IN_PROGRESS') startTimer(execution, (execution.startedAt ?? execution.lastUpdatedAt) * 1000 + options.inProgressTimeoutMs - Date.now());
    }
  }

  const asObject = (message: unknown) => (message && typeof message === 'object' ? (message as Record<string, unknown>) : {});
  return {
    control(topic, message) {
      const body = asObject(message);
      if (topic === localJobTopics.dispatch && typeof body.jobId === 'string' && Array.isArray(body.stationIds)) create(body.jobId, body.stationIds as string[], body.document as JobDocument);
      else if (topic === localJobTopics.cancel && typeof body.jobId === 'string') cancel(body.jobId);
      else if (topic === localJobTopics.cancelExecution && typeof body.jobId === 'string' && typeof body.stationId === 'string') cancelExecution(body.jobId, body.stationId, String(body.reason ?? 'canceled'));
    },
    device(stationId, topic, message) {
      if (topic === jobTopics.startNext(stationId)) return (startNext(stationId, asObject(message)), true);
      const m = /^\$aws\/things\/([^/]+)\/jobs\/([A-Za-z0-9_-]+)\/update$/.exec(topic);
      if (m && m[1] === stationId) return (update(stationId, m[2]!, asObject(message) as Parameters<typeof update>[2]), true);
      return false;
    },
    stop() {
      for (const list of byThing.values()) for (const execution of list) clearTimeout(execution.timer);
    },
  };
}
