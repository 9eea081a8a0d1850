import type { JobDocument, StationJobs } from '../../ports/station-jobs';
import type { AwsHttpApi } from '@functions/platform/adapters/aws/aws-http-api';
import { iotCall, iotPath } from '@functions/platform/adapters/iot/iot-api';

/** How long a station may stay in progress on one execution before IoT times it out (a firmware install is the longest). */
export const JOB_IN_PROGRESS_TIMEOUT_MINUTES = 30;

/**
 * AWS IoT Jobs: one job per command step, targeting the stations' things (a snapshot: stations added later are not
 * included). Each execution's end reaches the back end as a jobExecution event (the stack's topic rule).
 */
export class IotStationJobs implements StationJobs {
  /** `thingArnPrefix`: arn:<partition>:iot:<region>:<account>:thing/ */
  constructor(private readonly iot: AwsHttpApi, private readonly thingArnPrefix: string) {}

  async dispatch(jobId: string, stationIds: string[], document: JobDocument) {
    await iotCall(this.iot, {
      method: 'PUT', // CreateJob
      path: iotPath`/jobs/${jobId}`,
      body: {
        targets: stationIds.map((id) => `${this.thingArnPrefix}${id}`),
        targetSelection: 'SNAPSHOT',
        document: JSON.stringify(document),
        description: `${document.type} (command ${document.commandId})`,
        timeoutConfig: { inProgressTimeoutInMinutes: JOB_IN_PROGRESS_TIMEOUT_MINUTES },
      },
    });
  }

  async cancel(jobId: string) {
    try {
      await iotCall(this.iot, { method: 'PUT', path: iotPath`/jobs/${jobId}/cancel`, body: { reasonCode: 'ABORTED', comment: 'Command aborted' } }); // CancelJob
    } catch (error) {
      // Already completed or canceled: nothing is left to cancel.
      if ((error as Error).name !== 'InvalidStateTransitionException') throw error;
    }
  }

  async cancelExecution(jobId: string, stationId: string, reason: string) {
    try {
      // Not forced: only a QUEUED execution is canceled (timeoutConfig covers one in progress).
      await iotCall(this.iot, { // CancelJobExecution
        method: 'PUT',
        path: iotPath`/things/${stationId}/jobs/${jobId}/cancel`,
        query: { force: 'false' },
        body: { statusDetails: { reason: reason.slice(0, 128) } },
      });
    } catch (error) {
      // Started or ended meanwhile: its own report comes (the command ignores it once the execution ended).
      if (!['InvalidStateTransitionException', 'ResourceNotFoundException'].includes((error as Error).name)) throw error;
    }
  }
}
