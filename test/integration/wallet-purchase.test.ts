import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { DynamoMachines } from '@functions/stations/adapters/dynamodb/machines';
import type { SimStation } from '@infra/local/simulator';
import { repositories } from '../support/admin';
import { bearer, newAccount } from '../support/auth';
import { apiFetch, testDb } from '../support/local';
import { closeStations, provision, sleep, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';

/**
 * POST /api/purchase: a refill paid with Google Pay / Apple Pay through the (sandbox) gateway, started at
 * the station as a vend session (remote start) and settled by the station's vend/complete.
 */

const run = crypto.randomUUID().slice(0, 4).toUpperCase().replace(/[^A-Z]/g, 'X');
const ONLINE = `WPT-${Math.floor(Math.random() * 900_000 + 100_000)}`;
const OFFLINE = `WPX-${Math.floor(Math.random() * 900_000 + 100_000)}`;

let real: Provisioned;
let station: SimStation;

beforeAll(async () => {
  await workerServices();
  real = await provision('Wallet purchase station');
  station = await stationFor(real);
  await station.connect();
  await station.heartbeat();
  // Customers take less than they paid for: 400 ml of whatever was authorized, without waiting for the flow.
  station.remoteStart = { volumeMl: 400, flowMlPerSecond: Infinity };
  await waitFor(() => apiFetch(`/api/machines/${real.machine.id}`), (r) => r.body.status === 'online' && r.body.lastHeartbeat !== null);
  const { db, tableName } = testDb();
  const machines = new DynamoMachines(db, tableName);
  const at = new Date().toISOString();
  await machines.create({ id: ONLINE, name: `Wallet Test ${run}`, location: 'Jl. Test, Sanur, Bali', status: 'online', maxFillMl: 1500, createdAt: at, updatedAt: at });
  await machines.create({ id: OFFLINE, name: `Wallet Offline ${run}`, location: 'Jl. Test, Sanur, Bali', status: 'offline', maxFillMl: 1500, createdAt: at, updatedAt: at });
});
afterAll(closeStations);

const buy = (token: string, body: Record<string, unknown>, key: string | null = crypto.randomUUID()) =>
  apiFetch('/api/purchase', { method: 'POST', headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) }, json: body });

async function balanceOf(sub: string) {
  const { db, tableName } = testDb();
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.user(sub), ConsistentRead: true }));
  return (Item?.balance as number | undefined) ?? 0;
}
/** The purchase order's id, from the wallet credit the gateway's payment made. */
const orderOf = (items: Record<string, unknown>[]) => items.find((e) => e.type === 'topup' && e.actor === 'gateway' && String(e.reference).startsWith('PU-'))!.reference as string;
async function entries(sub: string) {
  const { db, tableName } = testDb();
  const { Items } = await db.send(new QueryCommand({
    TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.user(sub).PK, ':p': keys.ledgerPrefix },
  }));
  return Items ?? [];
}

describe('POST /api/purchase', () => {
  const session = async (id: string) => (await (await workerServices()).vendSessions.get(id));
  const fund = (sub: string, amount: number) =>
    repositories().ledger.post(sub, 'topup', amount, `test-topup:${sub}`, { reference: `order-${sub}`, actor: 'gateway', paymentMethod: 'qris' });
  const holdsOf = async (sub: string) => (await entries(sub)).filter((e) => e.type === 'hold');

  it('0.5 L at an online station: charged once, vend/authorized at the station, 400 ml settled, Rp 100 kept in the wallet', async () => {
    const account = await newAccount('buyer');
    await repositories().users.ensure({ id: account.sub, username: account.email, firstName: 'Wallet', lastName: 'Buyer', email: account.email }, new Date().toISOString());
    await fund(account.sub, 1_000);
    const before = await balanceOf(account.sub);
    expect(before).toBe(1_000);

    const res = await buy(account.token, { machineId: real.machine.id, volume: 0.5, walletToken: 'sandbox-google-pay-token', paymentMethod: 'google_pay' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ sessionId: expect.any(String), status: 'authorized', volume: 0.5, amount: 500 });
    const { sessionId } = res.body as { sessionId: string };
    expect(sessionId).not.toMatch(/^PU-/);

    // The station got an unsolicited vend/authorized for that session, verified its vend token, dispensed and completed.
    const done = await waitFor(() => session(sessionId), (s) => s?.status !== 'open');
    expect(done.value).toMatchObject({ status: 'completed', stationId: real.machine.id, userId: account.sub, holdAmount: 500, maxMl: 500, dispensedMl: 400, charged: 400 });
    expect(station.remoteStarts.filter((r) => r.outcome === 'completed' && r.sessionId === sessionId)).toEqual([{ outcome: 'completed', sessionId, volumeMl: 400 }]);

    expect(await balanceOf(account.sub)).toBe(before + 500 - 400);
    const mine = await entries(account.sub);
    const purchases = mine.filter((e) => e.type === 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ amount: -400, volumeMl: 400, machineId: real.machine.id, machineName: 'Wallet purchase station', reference: sessionId });
    const paidIn = mine.filter((e) => e.type === 'topup' && e.actor === 'gateway' && e.paymentMethod === 'google_pay');
    expect(paidIn).toHaveLength(1);
    expect(paidIn[0]).toMatchObject({ amount: 500 });
    expect(await holdsOf(account.sub)).toHaveLength(1);

    const history = await apiFetch('/api/transactions', { headers: bearer(account.token) });
    expect(history.body.items.find((t: { type: string }) => t.type === 'purchase')).toMatchObject({ amount: 400, volume: 0.4, machine: { id: real.machine.id } });
    const order = await testDb().db.send(new GetCommand({ TableName: testDb().tableName, Key: keys.purchase(orderOf(mine)), ConsistentRead: true }));
    expect(order.Item).toMatchObject({ kind: 'purchase', status: 'settled', machineId: real.machine.id, volumeMl: 500, amount: 500, sessionId, sessionStatus: 'authorized' });
  });

  it('the same Idempotency-Key twice charges once and opens one session', async () => {
    const account = await newAccount('replay-buyer');
    const key = crypto.randomUUID();
    const body = { machineId: real.machine.id, volume: 0.5, walletToken: 'sandbox-apple-pay-token', paymentMethod: 'apple_pay' };
    const first = await buy(account.token, body, key);
    expect(first.status, first.text).toBe(201);
    expect(first.body.status).toBe('authorized');
    await waitFor(() => session(first.body.sessionId), (s) => s?.status === 'completed');
    const again = await buy(account.token, body, key);
    expect(again.status, again.text).toBe(201);
    expect(again.body.sessionId).toBe(first.body.sessionId);
    await sleep(1000);
    const mine = await entries(account.sub);
    expect(mine.filter((e) => e.type === 'topup')).toHaveLength(1);
    expect(await holdsOf(account.sub)).toHaveLength(1);
    expect(mine.filter((e) => e.type === 'purchase')).toHaveLength(1);
    expect(station.remoteStarts.filter((r) => 'sessionId' in r && r.sessionId === first.body.sessionId)).toHaveLength(1);
    expect(await balanceOf(account.sub)).toBe(100);
  });

  it('a station in maintenance answers 409: nothing is charged or held, the wallet keeps its money', async () => {
    const account = await newAccount('maintenance-buyer');
    await repositories().users.ensure({ id: account.sub, username: account.email, firstName: null, lastName: null, email: account.email }, new Date().toISOString());
    await fund(account.sub, 1_000);
    const { machines } = repositories();
    await machines.update(real.machine.id, { status: 'maintenance' });
    try {
      const res = await buy(account.token, { machineId: real.machine.id, volume: 0.5, walletToken: 'sandbox-google-pay-token', paymentMethod: 'google_pay' });
      expect(res.status, res.text).toBe(409);
      expect(res.body.message).toMatch(/not available/);
    } finally {
      await machines.update(real.machine.id, { status: 'online' });
    }
    await sleep(500);
    expect(await balanceOf(account.sub)).toBe(1_000);
    expect((await entries(account.sub)).map((e) => e.type)).toEqual(['topup']);
  });

  it('a declined card (sandbox: amounts ending in 13) answers 422 and credits nothing', async () => {
    const account = await newAccount('declined-buyer');
    const res = await buy(account.token, { machineId: ONLINE, volume: 1.013, walletToken: 'sandbox-apple-pay-token', paymentMethod: 'apple_pay' });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/declined/);
    expect(await balanceOf(account.sub)).toBe(0);
    expect(await entries(account.sub)).toHaveLength(0);
  });

  it('refuses unknown and offline stations, volumes beyond the station, missing tokens and keys, before charging', async () => {
    const account = await newAccount('refused-buyer');
    const body = { machineId: ONLINE, volume: 1, walletToken: 'tok', paymentMethod: 'google_pay' };
    expect((await buy(account.token, { ...body, machineId: 'NOPE-000000' })).status).toBe(404);
    const offline = await buy(account.token, { ...body, machineId: OFFLINE });
    expect(offline.status).toBe(409);
    expect(offline.body.message).toBe('This station is not available right now');
    expect((await buy(account.token, { ...body, volume: 2 })).status).toBe(400);
    expect((await buy(account.token, { ...body, walletToken: '' })).status).toBe(400);
    expect((await buy(account.token, { ...body, paymentMethod: 'ovo' })).status).toBe(400);
    expect((await buy(account.token, body, null)).status).toBe(400);
    expect(await entries(account.sub)).toHaveLength(0);
  });
});
