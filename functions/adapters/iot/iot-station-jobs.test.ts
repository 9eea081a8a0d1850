import { CancelJobCommand, CreateJobCommand, InvalidStateTransitionException, IoTClient, ThrottlingException } from '@aws-sdk/client-iot';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { IotStationJobs, JOB_IN_PROGRESS_TIMEOUT_MINUTES } from './iot-station-jobs';

const iot = mockClient(IoTClient);
const PREFIX = 'arn:aws:iot:ap-southeast-3:123456789012:thing/';
const jobs = () => new IotStationJobs(new IoTClient({ region: 'ap-southeast-3' }), PREFIX);

beforeEach(() => iot.reset());

describe('IoT Jobs for remote commands', () => {
  it('creates one snapshot job for the stations of a step: their things, the command as the document, a timeout', async () => {
    iot.on(CreateJobCommand).resolves({ jobId: 'cmd-1_2' });
    await jobs().dispatch('cmd-1_2', ['HRL-00001', 'HRL-00002'], { type: 'firmware', version: '2.0.1', rollout: { stepPercent: 25, abortFailurePercent: 10 }, commandId: 'cmd-1' });
    const [call] = iot.commandCalls(CreateJobCommand);
    expect(call!.args[0].input).toMatchObject({
      jobId: 'cmd-1_2',
      targets: [`${PREFIX}HRL-00001`, `${PREFIX}HRL-00002`],
      targetSelection: 'SNAPSHOT',
      timeoutConfig: { inProgressTimeoutInMinutes: JOB_IN_PROGRESS_TIMEOUT_MINUTES },
    });
    expect(JSON.parse(call!.args[0].input.document!)).toEqual({ type: 'firmware', version: '2.0.1', rollout: { stepPercent: 25, abortFailurePercent: 10 }, commandId: 'cmd-1' });
  });

  it('cancels a job (its queued executions), and takes a job that already ended as canceled', async () => {
    iot.on(CancelJobCommand).resolvesOnce({}).rejectsOnce(new InvalidStateTransitionException({ message: 'Job is completed', $metadata: {} }));
    await jobs().cancel('cmd-1_1');
    await jobs().cancel('cmd-1_1');
    expect(iot.commandCalls(CancelJobCommand).map((c) => c.args[0].input)).toEqual([
      { jobId: 'cmd-1_1', reasonCode: 'ABORTED', comment: 'Command aborted' },
      { jobId: 'cmd-1_1', reasonCode: 'ABORTED', comment: 'Command aborted' },
    ]);
  });

  it('passes other failures on (the rule\'s function is retried)', async () => {
    iot.on(CreateJobCommand).rejects(new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }));
    iot.on(CancelJobCommand).rejects(new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }));
    await expect(jobs().dispatch('cmd-2_1', ['HRL-00001'], { type: 'restart', commandId: 'cmd-2' })).rejects.toThrow('Rate exceeded');
    await expect(jobs().cancel('cmd-2_1')).rejects.toThrow('Rate exceeded');
  });
});
