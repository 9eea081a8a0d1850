import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { expireQueuedExecutions } from '@functions/fleet/domain/commands';
import { consoleLog } from '@functions/platform/ports/log';
import { CommandDetail } from '@shared/schemas/command';
import { Machine } from '@shared/schemas/machine';
import { asAdmin } from '../support/admin';
import { apiFetch, testDb } from '../support/local';
import {
  closeStations,
  provision,
  sleep,
  stationFor,
  waitFor,
  workerServices,
  type Provisioned,
} from './stations-support';

/**
 * A remote command's execution left queued at a station that never came back times out (docs/stations.md, "Remote
 * commands"): after COMMAND_QUEUED_EXPIRY_HOURS the sweep ends it `timed_out` with the reason, cancels its job
 * execution at the broker, and the command finishes; the station that comes back later does not run it.
 */
let away: Provisioned;
let online: Provisioned;
let fresh: Provisioned;
let later: Provisioned;

beforeAll(async () => {
  await workerServices();
  [away, online, fresh, later] = await Promise.all([
    provision('Expiry Away Station', 'offline'), provision('Expiry Online Station'), provision('Expiry Fresh Station', 'offline'), provision('Expiry Later Station', 'offline'),
  ]);
});
afterAll(closeStations);

const read = async (id: string) => CommandDetail.parse((await asAdmin(`/api/admin/commands/${id}`)).body);
const create = async (body: unknown) => {
  const { status, body: answer } = await asAdmin('/api/admin/commands', { method: 'POST', json: body });
  expect(status, JSON.stringify(answer)).toBe(201);
  return CommandDetail.parse(answer);
};
const expire = async () => expireQueuedExecutions({ ...(await workerServices()), log: consoleLog });
/** Moves an execution's last change back, as if the hours had passed. */
async function backdate(commandId: string, stationId: string, hours: number) {
  const { db, tableName } = testDb();
  await db.send(new UpdateCommand({ TableName: tableName, Key: keys.commandExecution(commandId, stationId), UpdateExpression: 'SET updatedAt = :at', ExpressionAttributeValues: { ':at': new Date(Date.now() - hours * 3_600_000).toISOString() } }));
}

describe('queued command executions expire', () => {
  it('times out the execution of a station that never came back, cancels its job there, and finishes the command', async () => {
    const station = await stationFor(online);
    await station.connect();
    await station.heartbeat();
    const command = await create({ type: 'setPrice', pricePerLitre: 2100, target: { stationIds: [away.machine.id, online.machine.id] } });
    await waitFor(() => read(command.id), (c) => c.executions.some((e) => e.stationId === online.machine.id && e.status === 'succeeded'));

    // Not queued long enough yet: nothing.
    await backdate(command.id, away.machine.id, 23);
    expect(await expire()).toBe(0);
    await backdate(command.id, away.machine.id, 25);
    // The stack's own sweep (every 15 s) may get there first: either way it is timed out once.
    expect([0, 1]).toContain(await expire());
    const done = await read(command.id);
    expect(done.executions.find((e) => e.stationId === away.machine.id)).toMatchObject({ status: 'timed_out', reason: 'queued for more than 24 h: the station did not come back' });
    expect(done).toMatchObject({ status: 'failed', counts: { succeeded: 1, failed: 1, canceled: 0 } });
    const events = (await asAdmin(`/api/admin/machines/${away.machine.id}/events?limit=5`)).body as { kind: string; reason: string }[];
    expect(events).toContainEqual(expect.objectContaining({ kind: 'command', reason: 'setPrice timed out: queued for more than 24 h: the station did not come back' }));
    expect(await expire()).toBe(0);

    // The station comes back: its job was canceled, so it shows no new price and none is charged there.
    const late = await stationFor(away);
    await late.connect();
    await late.heartbeat();
    await sleep(1_000);
    expect(late.commands.pricePerLitre).toBeNull();
    expect(late.commands.handled).toEqual([]);
    expect(Machine.parse((await apiFetch(`/api/machines/${away.machine.id}`)).body).effectivePricePerLitre).not.toBe(2100);
    expect((await read(command.id)).executions.find((e) => e.stationId === away.machine.id)?.status).toBe('timed_out');
  });

  it('keeps an execution queued for less than the expiry, and one of a step not sent yet', async () => {
    const command = await create({ type: 'firmware', version: 'sim-expiry-1', rollout: { stepPercent: 50, abortFailurePercent: 100 }, target: { stationIds: [fresh.machine.id, later.machine.id] } });
    // The second step's execution was never sent: however old, it is not the sweep's.
    expect(command.executions.find((e) => e.step === 2)?.stationId).toBe(later.machine.id);
    await backdate(command.id, later.machine.id, 48);
    expect(await expire()).toBe(0);
    expect((await read(command.id)).executions.map((e) => e.status)).toEqual(['queued', 'queued']);
    expect((await asAdmin(`/api/admin/commands/${command.id}/abort`, { method: 'POST' })).status).toBe(200);
  });
});
