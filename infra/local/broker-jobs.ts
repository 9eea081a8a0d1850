import { randomUUID } from 'node:crypto';
import { localJobTopics } from '@functions/adapters/iot/local-broker-jobs';
import { jobTopics, type JobDocument, type JobExecutionMessage } from '@functions/ports/station-jobs';

/**
 * The local stand-in for AWS IoT Jobs (docs/local-cloud.md, "Remote commands"): the back end creates and cancels jobs
 * on the broker's control topics (functions/adapters/iot/local-broker-jobs.ts), stations use the subset of the jobs
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
}): JobsEmulation {
  const documents = new Map<string, JobDocument>();
  const byThing = new Map<string, Execution[]>();
  let executionNumber = 0;

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
    options.report({
      eventType: 'JOB_EXECUTION', eventId: randomUUID(), timestamp: Math.floor(Date.now() / 1000), operation,
      jobId: execution.jobId, thingArn: thingArn(execution.thingName), status, statusDetails: execution.statusDetails ?? {},
    });
  };
  const startTimer = (execution: Execution) => {
    execution.timer = setTimeout(() => {
      if (execution.status !== 'IN_PROGRESS') return;
      end(execution, 'TIMED_OUT', { reason: 'in progress longer than the job allows' });
      notifyNext(execution.thingName);
    }, options.inProgressTimeoutMs);
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
  };

  const cancel = (jobId: string) => {
    for (const [thing, list] of byThing) {
      const wasNext = pendingOf(thing);
      for (const execution of list.filter((e) => e.jobId === jobId && e.status === 'QUEUED')) end(execution, 'CANCELED', { reason: 'job canceled' });
      if (wasNext !== pendingOf(thing)) notifyNext(thing);
    }
  };

  const startNext = (thing: string, request: { clientToken?: string }) => {
    const next = pendingOf(thing);
    if (next?.status === 'QUEUED') {
      next.status = 'IN_PROGRESS';
      next.startedAt = next.lastUpdatedAt = Math.floor(Date.now() / 1000);
      next.versionNumber++;
      startTimer(next);
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
    } else {
      end(execution, status, request.statusDetails);
    }
    options.publish(jobTopics.updateAccepted(thing, jobId), {
      timestamp: Math.floor(Date.now() / 1000), ...(request.clientToken ? { clientToken: request.clientToken } : {}),
      executionState: { status: execution.status, statusDetails: execution.statusDetails ?? {}, versionNumber: execution.versionNumber },
    });
    if (status !== 'IN_PROGRESS') notifyNext(thing);
  };

  const asObject = (message: unknown) => (message && typeof message === 'object' ? (message as Record<string, unknown>) : {});
  return {
    control(topic, message) {
      const body = asObject(message);
      if (topic === localJobTopics.dispatch && typeof body.jobId === 'string' && Array.isArray(body.stationIds)) create(body.jobId, body.stationIds as string[], body.document as JobDocument);
      else if (topic === localJobTopics.cancel && typeof body.jobId === 'string') cancel(body.jobId);
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
