import type { JobDocument, StationJobs } from '@functions/fleet/ports/station-jobs';
import { LocalBrokerPublisher } from './local-broker-messages';

/** The local broker's control topics of its jobs emulation (infra/local/broker-jobs.ts); only the back end may publish them. */
export const localJobTopics = { dispatch: '$local/jobs/dispatch', cancel: '$local/jobs/cancel', cancelExecution: '$local/jobs/cancel-execution' } as const;

/**
 * The local stand-in for IoT Jobs' control plane (CreateJob, CancelJob): the back end's client asks the local broker,
 * which emulates the jobs device API for the stations and reports each execution's end as IoT does.
 */
export class LocalBrokerStationJobs implements StationJobs {
  private readonly publisher: LocalBrokerPublisher;

  constructor(brokerUrl: string, caDir: string) {
    this.publisher = new LocalBrokerPublisher(brokerUrl, caDir);
  }

  dispatch(jobId: string, stationIds: string[], document: JobDocument) {
    return this.publisher.publish(localJobTopics.dispatch, { jobId, stationIds, document });
  }

  cancel(jobId: string) {
    return this.publisher.publish(localJobTopics.cancel, { jobId });
  }

  cancelExecution(jobId: string, stationId: string, reason: string) {
    return this.publisher.publish(localJobTopics.cancelExecution, { jobId, stationId, reason });
  }
}
