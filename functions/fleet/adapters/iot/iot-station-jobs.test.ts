import { CancelJobCommand, CancelJobExecutionCommand, CreateJobCommand, IoTClient } from '@aws-sdk/client-iot';
import { describe, expect, it } from 'vitest';
import type { AwsReply } from '@functions/platform/adapters/aws/aws-http-api';
import { recordingSender, sdkWireShape, signatureOf, TEST_CREDENTIALS, TEST_ENV, wireShape } from '@functions/platform/adapters/aws/aws-http-api.test-fakes';
import { iotApi } from '@functions/platform/adapters/iot/iot-api';
import { IotStationJobs, JOB_IN_PROGRESS_TIMEOUT_MINUTES } from './iot-station-jobs';

const PREFIX = 'arn:aws:iot:ap-southeast-1:123456789012:thing/';
const jobs = (...replies: Partial<AwsReply>[]) => {
  const sender = recordingSender(...replies);
  return { ...sender, jobs: new IotStationJobs(iotApi({ env: TEST_ENV, credentials: async () => TEST_CREDENTIALS, send: sender.send }), PREFIX) };
};
/** What IoT's SDK client sends for the same command. */
const sdkRequest = (command: object) => sdkWireShape(IoTClient, command);
const refusal = (code: string, status = 409): Partial<AwsReply> => ({ status, headers: { 'x-amzn-errortype': code }, body: new TextEncoder().encode(`{"message":"${code}"}`) });

describe('IoT Jobs for remote commands', () => {
  it("creates one snapshot job for the stations of a step, as IoT's SDK client does: their things, the command as the document, a timeout", async () => {
    const ours = jobs({ body: new TextEncoder().encode('{"jobId":"cmd-1_2"}') });
    const document = { type: 'firmware', version: '2.0.1', rollout: { stepPercent: 25, abortFailurePercent: 10 }, commandId: 'cmd-1' } as const;
    await ours.jobs.dispatch('cmd-1_2', ['HRL-00001', 'HRL-00002'], document);
    expect(wireShape(ours.requests[0]!)).toEqual(await sdkRequest(new CreateJobCommand({
      jobId: 'cmd-1_2',
      targets: [`${PREFIX}HRL-00001`, `${PREFIX}HRL-00002`],
      targetSelection: 'SNAPSHOT',
      document: JSON.stringify(document),
      description: 'firmware (command cmd-1)',
      timeoutConfig: { inProgressTimeoutInMinutes: JOB_IN_PROGRESS_TIMEOUT_MINUTES },
    })));
    expect(signatureOf(ours.requests[0]!).scope).toBe('ap-southeast-1/iot/aws4_request');
  });

  it('cancels a job (its queued executions), and takes a job that already ended as canceled', async () => {
    const ours = jobs({}, refusal('InvalidStateTransitionException'));
    await ours.jobs.cancel('cmd-1_1');
    await ours.jobs.cancel('cmd-1_1');
    const expected = await sdkRequest(new CancelJobCommand({ jobId: 'cmd-1_1', reasonCode: 'ABORTED', comment: 'Command aborted' }));
    expect(ours.requests.map(wireShape)).toEqual([expected, expected]);
  });

  it("cancels one station's queued execution, and takes one that started or ended meanwhile as canceled", async () => {
    const ours = jobs({}, refusal('InvalidStateTransitionException'), refusal('ResourceNotFoundException', 404));
    for (let i = 0; i < 3; i++) await ours.jobs.cancelExecution('cmd-1_1', 'HRL-00001', 'Command aborted');
    expect(wireShape(ours.requests[0]!)).toEqual(await sdkRequest(new CancelJobExecutionCommand({ jobId: 'cmd-1_1', thingName: 'HRL-00001', force: false, statusDetails: { reason: 'Command aborted' } })));
  });

  it("passes other failures on (the rule's function is retried)", async () => {
    const throttled = refusal('ThrottlingException', 429);
    await expect(jobs(throttled).jobs.dispatch('cmd-2_1', ['HRL-00001'], { type: 'restart', commandId: 'cmd-2' })).rejects.toMatchObject({ code: 'ThrottlingException' });
    await expect(jobs(throttled).jobs.cancel('cmd-2_1')).rejects.toMatchObject({ code: 'ThrottlingException' });
    await expect(jobs(refusal('ConflictException')).jobs.cancelExecution('cmd-2_1', 'HRL-00001', 'x')).rejects.toMatchObject({ code: 'ConflictException' });
  });
});
