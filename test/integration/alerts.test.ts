import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, machineShard } from '@functions/platform/adapters/dynamodb/keys';
import { sweepAlerts } from '@functions/fleet/domain/alerts';
import { heardFilingTime } from '@functions/fleet/domain/stations';
import { GetQueueAttributesCommand, PurgeQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Alert, AlertCounts, FLEET_ALERT_SCOPE } from '@shared/schemas/alert';
import { defaultSettings, type Settings } from '@shared/schemas/settings';
import { Page } from '@shared/schemas/transaction';
import { asAdmin } from '../support/admin';
import { bearer, signInAs } from '../support/auth';
import { apiFetch, local, testDb } from '../support/local';
import { outboxMessages, waitForEmail } from '../support/outbox';
import { closeStations, provision, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';

const Alerts = Page(Alert);
const recipient = `ops-${crypto.randomUUID().slice(0, 8)}@example.com`;
/** The rules of this test: offline after 10 minutes, e-mailed again every 30 to one person. */
const settings = { ...defaultSettings(), alertOfflineMinutes: 10, alertRepeatMinutes: 30, alertRecipients: recipient };
const quiet = { info: () => undefined, warn: () => undefined };

let p: Provisioned;
beforeAll(async () => {
  await workerServices();
  p = await provision('Alert Test Station', 'offline');
});
afterAll(closeStations);

const alertsOf = async (query: string) => {
  const { status, body } = await asAdmin(`/api/admin/alerts?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return Alerts.parse(body).items;
};
const sweep = async (rules: Settings = settings) => sweepAlerts({ ...(await workerServices()), log: quiet }, rules);
const emailsAbout = async (stationId: string) => (await outboxMessages(local().mail.messages)).filter((m) => m.to.some((t) => t.address === recipient) && m.subject.includes(stationId));
/** Moves a stored time back, as if the minutes had passed (the sweep reads the real clock). */
async function backdate(key: Record<string, string>, attribute: string, gsiKey: string, minutes: number, suffix = '') {
  const at = new Date(Date.now() - minutes * 60_000).toISOString();
  const { db, tableName } = testDb();
  await db.send(new UpdateCommand({ TableName: tableName, Key: key, UpdateExpression: `SET #a = :at, ${gsiKey} = :sk`, ExpressionAttributeNames: { '#a': attribute }, ExpressionAttributeValues: { ':at': at, ':sk': `${at}${suffix}` } }));
}

describe('alert rules (issue 16, "Done when")', () => {
  it('a station dropped past its threshold raises one alert, e-mailed, repeated until acknowledged, resolved when it returns', async () => {
    const id = p.machine.id;
    const station = await stationFor(p);
    await station.connect();
    await station.heartbeat({ waterLevel: 80, quality: { tdsPpm: 40, temperatureC: 27 } });
    await waitFor(async () => (await workerServices()).machines.get(id), (m) => m?.waterLevel === 80);
    station.drop();
    await waitFor(async () => (await workerServices()).machines.get(id), (m) => m?.status === 'offline');

    // Not silent long enough yet: nothing.
    await sweep();
    expect(await alertsOf(`stationId=${id}`)).toEqual([]);

    // Eleven minutes without a heartbeat: one alert, e-mailed once.
    await backdate(keys.machine(id), 'heartbeatReceivedAt', 'GSI2SK', 11);
    await sweep();
    await sweep(); // deduplicated, and not due again yet
    const [opened, ...more] = await alertsOf(`stationId=${id}`);
    expect(more).toEqual([]);
    expect(opened).toMatchObject({ stationId: id, stationName: 'Alert Test Station', rule: 'offline', status: 'open', notifications: 1, acknowledgedAt: null, resolvedAt: null });
    expect(opened!.detail).toContain('disconnected (connection lost) at');
    expect(opened!.detail).not.toContain('CONNECTION_LOST');
    const first = await waitForEmail(local().mail.messages, recipient, { matches: (m) => m.subject.includes(id) });
    expect(first.subject).toBe(`Station offline: Alert Test Station (${id})`);
    expect(first.text).toContain(opened!.id);
    expect(await emailsAbout(id)).toHaveLength(1);
    expect(AlertCounts.parse((await asAdmin('/api/admin/alerts/counts')).body).open).toBeGreaterThanOrEqual(1);

    // Thirty minutes on, nobody acknowledged it: a reminder.
    await backdate(keys.alert(id, 'offline', opened!.openedAt), 'nextNotifyAt', 'GSI2SK', 1, `#${id}#offline`);
    await sweep();
    const reminder = await waitForEmail(local().mail.messages, recipient, { matches: (m) => m.subject.includes(id), seen: [first.id] });
    expect(reminder.subject).toBe(`Reminder: Station offline: Alert Test Station (${id})`);
    expect((await alertsOf(`stationId=${id}`))[0]).toMatchObject({ notifications: 2 });

    // Acknowledged: no more e-mails, whoever did it is on the alert.
    const ack = await asAdmin(`/api/admin/alerts/${encodeURIComponent(opened!.id)}/acknowledge`, { method: 'POST' });
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    expect(Alert.parse(ack.body)).toMatchObject({ status: 'acknowledged', acknowledgedBy: expect.stringMatching(/^admin:/) });
    await sweep();
    expect(await emailsAbout(id)).toHaveLength(2);
    expect(await alertsOf(`stationId=${id}&status=open`)).toEqual([]);
    expect(await alertsOf(`stationId=${id}&status=acknowledged`)).toHaveLength(1);

    // Back online: the heartbeat handler resolves it.
    await station.connect();
    await station.heartbeat({ waterLevel: 79, quality: { tdsPpm: 40, temperatureC: 27 } });
    const resolved = await waitFor(() => alertsOf(`stationId=${id}&status=resolved`), (list) => list.length === 1);
    expect(resolved.value[0]).toMatchObject({ id: opened!.id, status: 'resolved', acknowledgedAt: expect.any(String) });
    expect(Date.parse(resolved.value[0]!.resolvedAt!)).toBeGreaterThan(Date.parse(opened!.openedAt));
    expect(await alertsOf(`stationId=${id}`)).toEqual([]);
    // The rule can raise a new alert for this station again later.
    expect((await (await workerServices()).machines.get(id))?.openAlerts?.has('offline') ?? false).toBe(false);
  });

  it('opens and resolves water level and quality alerts from heartbeats (the saved thresholds: below 15%, above 300 ppm)', async () => {
    const q = await provision('Low Water Station');
    const station = await stationFor(q);
    await station.connect();
    await station.heartbeat({ waterLevel: 9, quality: { tdsPpm: 420, temperatureC: 27 } });
    const open = await waitFor(() => alertsOf(`stationId=${q.machine.id}`), (list) => list.length === 2);
    expect(open.value.map((a) => [a.rule, a.status, a.detail]).sort()).toEqual([
      ['lowWater', 'open', 'Water level 9% (below 15%)'],
      ['quality', 'open', 'TDS 420 ppm (above 300 ppm)'],
    ]);
    // In the request's language, composed from the facts stored beside the English detail (which the item keeps).
    const bahasa = await asAdmin(`/api/admin/alerts?stationId=${q.machine.id}`, { headers: { 'accept-language': 'id-ID' } });
    expect(Alerts.parse(bahasa.body).items.map((a) => a.detail).sort()).toEqual(['TDS 420 ppm (di atas 300 ppm)', 'Tingkat air 9% (di bawah 15%)']);
    const low = open.value.find((a) => a.rule === 'lowWater')!;
    const ack = await asAdmin(`/api/admin/alerts/${encodeURIComponent(low.id)}/acknowledge`, { method: 'POST', headers: { 'accept-language': 'id-ID' } });
    expect(ack.body).toMatchObject({ status: 'acknowledged', detail: 'Tingkat air 9% (di bawah 15%)' });
    const { db, tableName } = testDb();
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.alert(q.machine.id, 'lowWater', low.openedAt) }));
    expect(Item).toMatchObject({ detail: 'Water level 9% (below 15%)', facts: { kind: 'lowWater', value: 9, threshold: 15 } });
    await station.heartbeat({ waterLevel: 8, quality: { tdsPpm: 430, temperatureC: 27 } });
    await station.heartbeat({ waterLevel: 95, quality: { tdsPpm: 430, temperatureC: 27 } });
    const after = await waitFor(() => alertsOf(`stationId=${q.machine.id}`), (list) => list.length === 1);
    expect(after.value[0]).toMatchObject({ rule: 'quality', status: 'open' });
    expect(await alertsOf(`stationId=${q.machine.id}&status=resolved&rule=lowWater`)).toHaveLength(1);
  });

  it('filters by when alerts opened (from inclusive, to exclusive), and refuses a bad range', async () => {
    const q = await provision('Dated Alert Station');
    const station = await stationFor(q);
    await station.connect();
    await station.heartbeat({ waterLevel: 5, quality: { tdsPpm: 40, temperatureC: 27 } });
    const [opened] = (await waitFor(() => alertsOf(`stationId=${q.machine.id}`), (list) => list.length === 1)).value;
    const at = Date.parse(opened!.openedAt);
    const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
    expect(await alertsOf(`stationId=${q.machine.id}&from=${iso(at)}&to=${iso(at + 1)}`)).toHaveLength(1);
    expect(await alertsOf(`stationId=${q.machine.id}&from=${iso(at + 1)}`)).toEqual([]);
    expect(await alertsOf(`stationId=${q.machine.id}&to=${iso(at)}`)).toEqual([]);
    // An offset is read as the instant it names.
    expect(await alertsOf(`stationId=${q.machine.id}&from=${encodeURIComponent(new Date(at + 8 * 3_600_000).toISOString().replace('Z', '+08:00'))}`)).toHaveLength(1);
    const bad = await asAdmin(`/api/admin/alerts?from=yesterday`);
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { fields: Record<string, string> }).fields)).toEqual(['from']);
    const backwards = await asAdmin(`/api/admin/alerts?from=${iso(at + 1)}&to=${iso(at)}`);
    expect(backwards.status).toBe(400);
    expect((backwards.body as { fields: Record<string, string> }).fields).toEqual({ to: 'from is before to' });
  });

  it('refuses bad filters with field messages, unknown alerts with 404, and non-admins', async () => {
    const bad = await asAdmin('/api/admin/alerts?status=bogus&limit=500');
    expect(bad.status).toBe(400);
    expect((bad.body as { fields: Record<string, string> }).fields).toMatchObject({ status: 'status is one of active, open, acknowledged, resolved', limit: 'limit is at most 100' });
    expect((await asAdmin('/api/admin/alerts/HRL-00001.offline.12345/acknowledge', { method: 'POST' })).status).toBe(404);
    expect((await asAdmin('/api/admin/alerts/nonsense/acknowledge', { method: 'POST' })).status).toBe(404);
    const user = await signInAs('user');
    expect((await apiFetch('/api/admin/alerts', { headers: bearer(user.token) })).status).toBe(403);
    expect((await apiFetch('/api/admin/alerts/counts', { headers: bearer(user.token) })).status).toBe(403);
  });

  it('finds a station that never sent a heartbeat, from when it was added', async () => {
    const q = await provision('Never Heard Station');
    const id = q.machine.id;
    await sweep();
    expect(await alertsOf(`stationId=${id}`)).toEqual([]);
    // Added eleven minutes ago and silent since: the heard index has it under its creation time.
    await backdate(keys.machine(id), 'createdAt', 'GSI2SK', 11);
    await sweep();
    const [alert, ...more] = await alertsOf(`stationId=${id}`);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ rule: 'offline', status: 'open' });
    expect(alert!.detail).toMatch(/^Never sent a heartbeat since it was added at /);
  });

  it('files a heartbeat at its rounded-down receive time, and alerts only on the exact one', async () => {
    const q = await provision('Rounded Filing Station');
    const id = q.machine.id;
    const station = await stationFor(q);
    await station.connect();
    await station.heartbeat();
    const { db, tableName } = testDb();
    const stored = async () => (await db.send(new GetCommand({ TableName: tableName, Key: keys.machine(id), ConsistentRead: true }))).Item!;
    const { value: heard } = await waitFor(stored, (item) => item.heartbeatReceivedAt !== undefined);
    const { alertOfflineMinutes } = await (await workerServices()).settings.get();
    expect(heard.GSI2SK).toBe(heardFilingTime(heard.heartbeatReceivedAt as string, alertOfflineMinutes));
    // Filed eleven minutes back (as a coarse grid may file it) but heard just now: not silent.
    await db.send(new UpdateCommand({ TableName: tableName, Key: keys.machine(id), UpdateExpression: 'SET GSI2SK = :sk', ExpressionAttributeValues: { ':sk': new Date(Date.now() - 11 * 60_000).toISOString() } }));
    await sweep();
    expect(await alertsOf(`stationId=${id}`)).toEqual([]);
    // Heard eleven minutes ago as well: silent.
    await backdate(keys.machine(id), 'heartbeatReceivedAt', 'GSI2SK', 11);
    await sweep();
    expect(await alertsOf(`stationId=${id}`)).toMatchObject([{ rule: 'offline', status: 'open' }]);
  });

  it('refiles stations written before the heard index became the collection: listed, found silent, out of GSI1 after one sweep', async () => {
    const { db, tableName } = testDb();
    const addedAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const stored = (name: string) => {
      const id = `OLD-${crypto.randomUUID().slice(0, 8)}`;
      return { id, name, location: 'Jl. Lama 1, Sanur', latitude: '-8.69', longitude: '115.26', status: 'online', waterLevel: 70, features: [], createdAt: addedAt, updatedAt: addedAt };
    };
    // As the adapter wrote them before: one partition for the collection and one for the heard index; then both sharded.
    const unsharded = stored('Unsharded Station');
    await db.send(new PutCommand({ TableName: tableName, Item: { ...keys.machine(unsharded.id), GSI1PK: 'MACHINES', GSI1SK: unsharded.id, GSI2PK: 'STATIONS#HEARD', GSI2SK: addedAt, ...unsharded } }));
    const sharded = stored('Sharded Station');
    await db.send(new PutCommand({ TableName: tableName, Item: { ...keys.machine(sharded.id), GSI1PK: `MACHINES#${machineShard(sharded.id)}`, GSI1SK: sharded.id, ...keys.heardStation(sharded.id, addedAt), ...sharded } }));
    const services = await workerServices();
    const listed = async () => (await services.machines.list()).map((m) => m.id);
    expect(await listed()).not.toContain(unsharded.id);
    expect(await listed()).toContain(sharded.id);

    await sweep();
    expect(await listed()).toEqual(expect.arrayContaining([unsharded.id, sharded.id]));
    for (const { id } of [unsharded, sharded]) {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.machine(id) }));
      expect(Item).toMatchObject({ GSI2PK: `STATIONS#HEARD#${machineShard(id)}`, GSI2SK: addedAt });
      // Out of GSI1: a heartbeat now writes one index entry, not two.
      expect(Item).not.toHaveProperty('GSI1PK');
      // Silent for twenty minutes, so the same sweep's reading of the heard shards found it.
      expect(await alertsOf(`stationId=${id}`)).toMatchObject([{ rule: 'offline', status: 'open' }]);
    }
  });

  it("raises filter and failing-vend alerts from heartbeats and e-mails them to the rule's own recipients", async () => {
    const technician = `tech-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const q = await provision('Filter Station');
    const id = q.machine.id;
    const station = await stationFor(q);
    await station.connect();
    const reading = { waterLevel: 70, quality: { tdsPpm: 40, temperatureC: 27 } };
    await station.heartbeat({ ...reading, filter: { litres: 5800, lifePercent: 4 }, counters: { dispensedMl: 0, vends: 0, failures: 0 } });
    await waitFor(() => alertsOf(`stationId=${id}`), (list) => list.length === 1);
    await station.heartbeat({ ...reading, filter: { litres: 5810, lifePercent: 4 }, counters: { dispensedMl: 3000, vends: 6, failures: 6 } });
    const open = await waitFor(() => alertsOf(`stationId=${id}`), (list) => list.length === 2);
    expect(open.value.map((a) => [a.rule, a.detail]).sort()).toEqual([
      ['filterLife', 'Filter life 4% (below 10%)'],
      ['vendFailures', '6 of the last 12 vends failed (50%, above 25%)'],
    ]);
    await sweep({ ...settings, alertFilterLifeRecipients: technician });
    const email = await waitForEmail(local().mail.messages, technician, { matches: (m) => m.subject.includes(id) });
    expect(email.subject).toBe(`Filter due for a change: Filter Station (${id})`);
    // The failing vends go to the general recipients, the filter only to the technician.
    await waitForEmail(local().mail.messages, recipient, { matches: (m) => m.subject.includes(id) });
    expect((await emailsAbout(id)).map((m) => m.subject)).toEqual([`Vends failing: Filter Station (${id})`]);
  });

  it("repeats a rule with its own interval sooner; the other rules keep the general one", async () => {
    const q = await provision('Repeat Station');
    const id = q.machine.id;
    const station = await stationFor(q);
    await station.connect();
    await station.heartbeat({ waterLevel: 9, quality: { tdsPpm: 420, temperatureC: 27 } });
    const open = await waitFor(() => alertsOf(`stationId=${id}`), (list) => list.length === 2);
    const rules = { ...settings, alertQualityRepeatMinutes: 5 };
    const sentAt = Date.now();
    await sweep(rules);
    await waitFor(() => emailsAbout(id), (mails) => mails.length === 2);
    // Where each alert's next e-mail stands: quality in 5 minutes, water level in the general 30.
    const { db, tableName } = testDb();
    const stored = async (rule: string) => (await db.send(new GetCommand({ TableName: tableName, Key: keys.alert(id, rule, open.value.find((a) => a.rule === rule)!.openedAt), ConsistentRead: true }))).Item!;
    const minutesAhead = async (rule: string) => (Date.parse((await stored(rule)).nextNotifyAt as string) - sentAt) / 60_000;
    expect(await minutesAhead('quality')).toBeCloseTo(5, 0);
    expect(await minutesAhead('lowWater')).toBeCloseTo(30, 0);

    // Six minutes pass (every due time moves six minutes back): only the quality alert is e-mailed again.
    for (const rule of ['quality', 'lowWater']) {
      const item = await stored(rule);
      const next = new Date(Date.parse(item.nextNotifyAt as string) - 6 * 60_000).toISOString();
      await db.send(new UpdateCommand({
        TableName: tableName, Key: { PK: item.PK, SK: item.SK }, UpdateExpression: 'SET nextNotifyAt = :next, GSI2SK = :sk',
        ExpressionAttributeValues: { ':next': next, ':sk': keys.dueAlert(next, id, rule).GSI2SK },
      }));
    }
    await sweep(rules);
    await waitFor(() => emailsAbout(id), (mails) => mails.length === 3);
    expect((await emailsAbout(id)).map((m) => m.subject).sort()).toEqual([
      `Reminder: Water quality out of range: Repeat Station (${id})`, `Water level low: Repeat Station (${id})`, `Water quality out of range: Repeat Station (${id})`,
    ].sort());
    expect(Object.fromEntries((await alertsOf(`stationId=${id}`)).map((a) => [a.rule, a.notifications]))).toEqual({ quality: 2, lowWater: 1 });
  });

  it('opens one back-end alert while a dead-letter queue holds messages, and resolves it once the queue is drained', async () => {
    const { endpoint, queueUrls } = local().stations.deadLetters;
    const sqs = new SQSClient({ endpoint, region: 'ap-southeast-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const queueUrl = queueUrls.find((u) => u.endsWith('/RuleErrors'))!;
    const fleetAlerts = () => alertsOf(`stationId=${FLEET_ALERT_SCOPE}&rule=deadLetters`);
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ topic: 'stations/TST-000000/heartbeat', error: 'the function timed out' }) }));
    expect((await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }))).Attributes?.ApproximateNumberOfMessages).not.toBe('0');
    await sweep();
    await sweep();
    const [alert, ...more] = await fleetAlerts();
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ stationId: FLEET_ALERT_SCOPE, stationName: 'Back end', rule: 'deadLetters', status: 'open' });
    expect(alert!.detail).toMatch(/message\(s\) waiting: .*RuleErrors \d+/);
    for (const url of queueUrls) await sqs.send(new PurgeQueueCommand({ QueueUrl: url }));
    await sweep();
    expect(await fleetAlerts()).toEqual([]);
    expect((await alertsOf(`stationId=${FLEET_ALERT_SCOPE}&status=resolved`)).map((a) => a.id)).toContain(alert!.id);
  });
});
