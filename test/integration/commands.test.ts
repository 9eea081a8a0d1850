import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandDetail } from '@shared/schemas/command';
import { Machine } from '@shared/schemas/machine';
import { DynamoCommands } from '@functions/fleet/adapters/dynamodb/commands';
import { jobIdOf, recordCommandResult } from '@functions/fleet/domain/commands';
import { publishAcked } from '@functions/platform/adapters/iot/mqtt-connect';
import { consoleLog } from '@functions/platform/ports/log';
import type { SimStation } from '@infra/local/simulator';
import { asAdmin, repositories } from '../support/admin';
import { bearer, newAccount, signInAs } from '../support/auth';
import { apiFetch, testDb } from '../support/local';
import { closeStations, provision, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';

/**
 * The 'Done when' for remote commands: 20 simulated stations (MQTT over mutual TLS) take a price change and
 * staged firmware rollouts through the local broker's IoT Jobs emulation; each station's status shows on the command,
 * and a rollout whose failures pass its threshold stops by itself.
 */
const FLEET = 20;
let provisioned: Provisioned[];
let stations: SimStation[];
const ids = () => provisioned.map((p) => p.machine.id);

const create = async (body: unknown) => asAdmin('/api/admin/commands', { method: 'POST', json: body });
const read = async (id: string) => {
  const { status, body } = await asAdmin(`/api/admin/commands/${id}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return CommandDetail.parse(body);
};
const created = async (body: unknown) => {
  const { status, body: answer } = await create(body);
  expect(status, JSON.stringify(answer)).toBe(201);
  return CommandDetail.parse(answer);
};
/** Polls the command until it is no longer in progress; keeps every view seen on the way. */
async function finished(id: string, timeoutMs = 30_000) {
  const seen: CommandDetail[] = [];
  const { value } = await waitFor(async () => {
    const command = await read(id);
    seen.push(command);
    return command;
  }, (c) => c.status !== 'in_progress', timeoutMs, 100);
  return { command: value, seen };
}

beforeAll(async () => {
  await workerServices();
  provisioned = [];
  // A few at a time: each provisioning issues a certificate.
  for (let i = 0; i < FLEET; i += 5) provisioned.push(...(await Promise.all(Array.from({ length: Math.min(5, FLEET - i) }, (_, n) => provision(`Command test station ${i + n + 1}`)))));
  stations = await Promise.all(provisioned.map((p) => stationFor(p, { firmwareStepMs: 120, restartMs: 300 })));
  await Promise.all(stations.map(async (s) => {
    await s.connect();
    await s.heartbeat();
  }));
}, 180_000);
afterAll(closeStations);

describe('remote commands to 20 simulated stations (POST /api/admin/commands)', () => {
  it('sets the price of a group: every station succeeds, shows it, and the next vend there is charged at it', async () => {
    const group = ids().slice(0, 6);
    const command = await created({ type: 'setPrice', pricePerLitre: 2500, target: { stationIds: group } });
    expect(command).toMatchObject({ status: 'in_progress', stations: 6, steps: 1, step: 1, target: 'stations', action: { type: 'setPrice', pricePerLitre: 2500 } });
    expect(command.executions.map((e) => e.stationId).sort()).toEqual([...group].sort());
    expect(command.history[0]).toMatchObject({ action: 'created', by: expect.stringMatching(/^admin:/) });

    const { command: done } = await finished(command.id);
    expect(done.status).toBe('succeeded');
    expect(done.counts).toEqual({ succeeded: 6, failed: 0, canceled: 0 });
    expect(done.executions.every((e) => e.status === 'succeeded' && e.progress === 100)).toBe(true);
    for (const s of stations.slice(0, 6)) expect(s.commands.pricePerLitre).toBe(2500);
    expect(stations[6]!.commands.pricePerLitre).toBeNull();

    // The station's own price is on it (the admin station page), and stations outside the group keep the setting's.
    const machine = Machine.parse((await apiFetch(`/api/machines/${group[0]}`)).body);
    expect(machine.pricePerLitre).toBe(2500);
    expect(Machine.parse((await apiFetch(`/api/machines/${ids()[6]}`)).body).pricePerLitre).toBeNull();
    // The station's last events show the command.
    const events = (await asAdmin(`/api/admin/machines/${group[0]}/events?limit=5`)).body as { kind: string; reason: string }[];
    expect(events).toContainEqual(expect.objectContaining({ kind: 'command', reason: 'setPrice succeeded' }));

    // A vend of one litre at that station costs Rp 2,500.
    const account = await newAccount('commandprice');
    const { users, ledger } = repositories();
    await users.ensure({ id: account.sub, username: account.email, firstName: 'Price', lastName: 'Tester', email: account.email }, new Date().toISOString());
    await ledger.post(account.sub, 'topup', 10_000, `test-topup:${account.sub}`, { reference: `order-${account.sub}`, actor: 'gateway', paymentMethod: 'qris' });
    const { body: token } = await apiFetch('/api/nfc/generate-token', { method: 'POST', headers: bearer(account.token) });
    const result = await stations[0]!.vend((token as { token: string }).token, { volumeMl: 1000, flowMlPerSecond: Infinity });
    expect(result.outcome).toBe('completed');
    // Held first (the most the station may pour), then settled at the station's price.
    const { value: balance } = await waitFor(async () => (await users.get(account.sub))!.balance, (b) => b === 7_500);
    expect(balance).toBe(7_500);
  });

  it('sends a command to all stations there are (here aborted at once: the seeded ones are not simulated)', async () => {
    // Every station, those kept off the public lists too (another file may hide one meanwhile).
    const machines = (await asAdmin('/api/admin/machines')).body as unknown[];
    // Firmware, not a restart: "all" includes the stations of test files running beside this one, which a restart
    // would take offline in the middle of their refills.
    const command = await created({ type: 'firmware', version: 'sim-all-2.2.0', rollout: { stepPercent: 100, abortFailurePercent: 100 }, target: { all: true } });
    expect(command).toMatchObject({ target: 'all', stations: machines.length, steps: 1 });
    expect(command.history[0]!.note).toBe('firmware sim-all-2.2.0 (100% per step, abort above 100% failed) to all stations');
    const aborted = CommandDetail.parse((await asAdmin(`/api/admin/commands/${command.id}/abort`, { method: 'POST' })).body);
    expect(aborted.status).toBe('aborted');
    // Those a simulated station had started finish; the rest are canceled.
    expect(aborted.executions.filter((e) => e.status === 'canceled').length).toBeGreaterThanOrEqual(machines.length - FLEET);
    await waitFor(() => read(command.id), (c) => c.executions.every((e) => e.status === 'succeeded' || e.status === 'canceled'), 15_000, 100);
  });

  it('rolls firmware out step by step to a group of 20 and finishes when every station has it', async () => {
    const command = await created({ type: 'firmware', version: 'sim-2.1.0', rollout: { stepPercent: 25, abortFailurePercent: 20 }, target: { stationIds: ids() } });
    expect(command).toMatchObject({ steps: 4, step: 1, status: 'in_progress' });
    expect(command.executions.filter((e) => e.step === 1)).toHaveLength(5);
    expect(command.history.at(-1)).toMatchObject({ action: 'stepStarted', note: 'step 1 of 4: 5 stations' });

    const { command: done, seen } = await finished(command.id, 60_000);
    expect(done.status, JSON.stringify(done.history)).toBe('succeeded');
    expect(done.counts).toEqual({ succeeded: 20, failed: 0, canceled: 0 });
    expect(done.history.filter((h) => h.action === 'stepStarted').map((h) => h.note)).toEqual([1, 2, 3, 4].map((n) => `step ${n} of 4: 5 stations`));
    // The notes in the request's language, composed from the facts stored with each event; the item keeps the English.
    const bahasa = CommandDetail.parse((await asAdmin(`/api/admin/commands/${command.id}`, { headers: { 'accept-language': 'id-ID' } })).body);
    expect(bahasa.history.map((h) => h.note)).toEqual([
      'firmware sim-2.1.0 (25% per tahap, berhenti di atas 20% gagal) ke 20 stasiun', ...[1, 2, 3, 4].map((n) => `tahap ${n} dari 4: 5 stasiun`), '20 berhasil, 0 gagal',
    ]);
    const english = ['firmware sim-2.1.0 (25% per step, abort above 20% failed) to 20 stations', ...[1, 2, 3, 4].map((n) => `step ${n} of 4: 5 stations`), '20 succeeded, 0 failed'];
    expect(done.history.map((h) => h.note)).toEqual(english);
    const stored = await new DynamoCommands(testDb().db, testDb().tableName).get(command.id);
    expect(stored?.history.map((h) => h.note)).toEqual(english);
    expect(stored?.history.at(-1)?.facts).toEqual({ kind: 'finished', succeeded: 20, failed: 0 });
    // Step by step: no station of a step ended before every station of the step before it.
    for (let step = 1; step < 4; step++) {
      const ended = (s: number) => done.executions.filter((e) => e.step === s).map((e) => e.updatedAt).sort();
      expect(ended(step).at(-1)! <= ended(step + 1)[0]!, `step ${step}`).toBe(true);
    }
    // Per-station progress was visible while it ran, and later steps waited queued meanwhile.
    expect(seen.some((c) => c.executions.some((e) => e.status === 'in_progress' && e.progress !== null && e.progress > 0 && e.progress < 100))).toBe(true);
    expect(seen.some((c) => c.step === 1 && c.executions.filter((e) => e.step > 1).every((e) => e.status === 'queued'))).toBe(true);
    for (const s of stations) expect(s.commands.firmwareVersion).toBe('sim-2.1.0');
  });

  it('stops a rollout by itself when the failures of a step pass its threshold: the other stations are canceled', async () => {
    const command = await created({ type: 'firmware', version: 'sim-2.2.0-bad', rollout: { stepPercent: 25, abortFailurePercent: 10 }, target: { stationIds: ids() } });
    const { command: done } = await finished(command.id, 60_000);
    expect(done.status).toBe('aborted');
    expect(done.step).toBe(1);
    expect(done.counts).toEqual({ succeeded: 0, failed: 5, canceled: 15 });
    const first = done.executions.filter((e) => e.step === 1);
    expect(first.every((e) => e.status === 'failed' && e.reason === 'image verification failed')).toBe(true);
    expect(done.executions.filter((e) => e.step > 1).every((e) => e.status === 'canceled')).toBe(true);
    expect(done.history.at(-1)).toMatchObject({ action: 'aborted', by: 'system', note: '5 of 5 failed (100%, above 10%) after step 1' });
    const bahasa = CommandDetail.parse((await asAdmin(`/api/admin/commands/${command.id}`, { headers: { 'accept-language': 'id' } })).body);
    expect(bahasa.history.at(-1)?.note).toBe('5 dari 5 gagal (100%, di atas 10%) setelah tahap 1');
    expect(done.finishedAt).not.toBeNull();
    // No station past the first step received the job; all kept the firmware they had.
    const firstIds = new Set(first.map((e) => e.stationId));
    for (const s of stations) {
      expect(s.commands.firmwareVersion).toBe('sim-2.1.0');
      if (!firstIds.has(s.id)) expect(s.commands.handled.some((job) => job.startsWith(command.id))).toBe(false);
    }
  });

  it('changes nothing on a duplicate or out-of-order result', async () => {
    const station = stations[7]!;
    const command = await created({ type: 'setPrice', pricePerLitre: 1800, target: { stationIds: [station.id] } });
    const { command: done } = await finished(command.id);
    expect(done.status).toBe('succeeded');
    const deps = { ...(await workerServices()), log: consoleLog };
    const jobId = jobIdOf(command.id, 1);
    const thingArn = `arn:aws:iot:local:000000000000:thing/${station.id}`;
    // The same success again, a late failure, a late progress report (also over MQTT, as the station would send it).
    expect(await recordCommandResult({ eventType: 'JOB_EXECUTION', operation: 'succeeded', jobId, thingArn, status: 'SUCCEEDED' }, deps)).toBe('unchanged');
    expect(await recordCommandResult({ eventType: 'JOB_EXECUTION', operation: 'failed', jobId, thingArn, status: 'FAILED', statusDetails: { reason: 'late' } }, deps)).toBe('unchanged');
    expect(await recordCommandResult({ jobId, stationId: station.id, progress: 40 }, deps)).toBe('unchanged');
    await publishAcked(station.client!, `stations/${station.id}/command/progress`, JSON.stringify({ jobId, progress: 10 }));
    expect(await recordCommandResult({ eventType: 'JOB_EXECUTION', operation: 'succeeded', jobId: 'no-such-command_1', thingArn, status: 'SUCCEEDED' }, deps)).toBe('dropped');
    expect(await recordCommandResult({ hello: 'world' }, deps)).toBe('dropped');
    await new Promise((r) => setTimeout(r, 300));
    const after = await read(command.id);
    expect(after).toEqual(done);
  });

  it('locks a station at once (vends denied with the reason) and unlocks it; restarts one that comes back', async () => {
    const station = stations[8]!;
    const lock = await created({ type: 'lock', reason: 'Leak under the counter', target: { stationIds: [station.id] } });
    expect(Machine.parse((await apiFetch(`/api/machines/${station.id}`)).body).status).toBe('locked');
    expect((await finished(lock.id)).command.status).toBe('succeeded');
    expect(station.commands).toMatchObject({ locked: true, lockReason: 'Leak under the counter' });
    // The station takes no taps while locked, and the back end denies a request anyway, with the reason shown to users.
    const account = await newAccount('commandlock');
    await repositories().users.ensure({ id: account.sub, username: account.email, firstName: 'Lock', lastName: 'Tester', email: account.email }, new Date().toISOString());
    await repositories().ledger.post(account.sub, 'topup', 5_000, `test-topup:${account.sub}`, { reference: `order-${account.sub}`, actor: 'gateway', paymentMethod: 'qris' });
    const { status, body: token } = await apiFetch('/api/nfc/generate-token', { method: 'POST', headers: bearer(account.token) });
    expect(status, JSON.stringify(token)).toBe(200);
    expect(await station.vend((token as { token: string }).token)).toEqual({ outcome: 'denied', reason: 'station_locked' });
    const answer = await station.requestVend((token as { token: string }).token);
    expect(answer).toMatchObject({ kind: 'denied', message: { reason: 'station_locked', messages: { en: expect.stringContaining('locked'), id: expect.stringContaining('dikunci') } } });

    const unlock = await created({ type: 'unlock', target: { stationIds: [station.id] } });
    expect((await finished(unlock.id)).command.status).toBe('succeeded');
    expect(Machine.parse((await apiFetch(`/api/machines/${station.id}`)).body).status).not.toBe('locked');
    expect(station.commands.locked).toBe(false);

    const restartsBefore = stations[9]!.commands.restarts;
    const restart = await created({ type: 'restart', target: { stationIds: [stations[9]!.id] } });
    const { command: restarted, seen } = await finished(restart.id);
    expect(restarted.status).toBe('succeeded');
    expect(seen.some((c) => c.executions[0]!.status === 'in_progress')).toBe(true);
    expect(stations[9]!.commands.restarts).toBe(restartsBefore + 1);
    expect(stations[9]!.connected).toBe(true);
  });

  it('aborts a command in progress on request (409 once finished), and lists commands newest first', async () => {
    // Two stations disconnected: their executions wait queued until an admin aborts.
    const idle = stations.slice(10, 12);
    await Promise.all(idle.map((s) => s.close()));
    const command = await created({ type: 'restart', target: { stationIds: idle.map((s) => s.id) } });
    const { status, body } = await asAdmin(`/api/admin/commands/${command.id}/abort`, { method: 'POST', headers: { 'accept-language': 'id-ID' } });
    expect(status, JSON.stringify(body)).toBe(200);
    const aborted = CommandDetail.parse(body);
    expect(aborted.status).toBe('aborted');
    expect(aborted.history.map((h) => h.note)).toEqual(['mulai ulang ke 2 stasiun', 'tahap 1 dari 1: 2 stasiun', 'pada tahap 1 dari 1']);
    expect(aborted.executions.every((e) => e.status === 'canceled' && e.reason?.startsWith('aborted by admin:'))).toBe(true);
    expect((await asAdmin(`/api/admin/commands/${command.id}/abort`, { method: 'POST' })).status).toBe(409);
    // Back online, the stations find no job waiting.
    await Promise.all(idle.map((s) => s.connect()));
    await new Promise((r) => setTimeout(r, 300));
    expect(idle.every((s) => !s.commands.handled.some((job) => job.startsWith(command.id)))).toBe(true);

    const list = (await asAdmin('/api/admin/commands?limit=3')).body as { items: { id: string; createdAt: string; history: { note: string }[] }[] };
    expect(list.items[0]!.id).toBe(command.id);
    expect(list.items[0]!.history.map((h) => h.note)).toEqual(['restart to 2 stations', 'step 1 of 1: 2 stations', 'at step 1 of 1']);
    expect([...list.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(list.items);
  });

  it('refuses bad bodies with a message per field (400), unknown commands (404), and anyone but an admin (403)', async () => {
    const fields = async (body: unknown) => {
      const { status, body: answer } = await create(body);
      expect(status, JSON.stringify(answer)).toBe(400);
      return (answer as { fields: Record<string, string> }).fields;
    };
    const target = { stationIds: [ids()[0]] };
    expect(await fields({ type: 'setPrice', pricePerLitre: 0, target })).toMatchObject({ pricePerLitre: 'Must be more than 0' });
    expect(await fields({ type: 'firmware', version: 'x', rollout: { stepPercent: 0, abortFailurePercent: 101 }, target })).toMatchObject({ 'rollout.stepPercent': 'Between 1 and 100', 'rollout.abortFailurePercent': 'Between 0 and 100' });
    expect(await fields({ type: 'lock', reason: ' ', target })).toMatchObject({ reason: 'Say why the station is locked' });
    expect(Object.keys(await fields({ type: 'reboot', target }))).toContain('type');
    expect(Object.keys(await fields({ type: 'restart', target: { stationIds: [] } }))).toContain('target.stationIds');
    expect(Object.keys(await fields({ type: 'restart' }))).toContain('target');
    expect(await fields({ type: 'restart', target: { stationIds: ['TST-999999X'] } })).toMatchObject({ 'target.stationIds': 'Unknown stations: TST-999999X' });

    expect((await asAdmin('/api/admin/commands/no-such-command')).status).toBe(404);
    const technician = await signInAs('technician');
    expect((await apiFetch('/api/admin/commands', { method: 'POST', json: { type: 'restart', target }, headers: bearer(technician.token) })).status).toBe(403);
    expect((await apiFetch('/api/admin/commands', { headers: bearer(technician.token) })).status).toBe(403);
  });
});
