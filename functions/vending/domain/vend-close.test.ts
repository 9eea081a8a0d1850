import { beforeEach, describe, expect, it } from 'vitest';
import { signNfcToken } from './tokens';
import { authorizeVend } from './vend';
import { completeVend, failVend, resolveIncident, startedVend } from './vend-close';
import { sweepExpiredSessions } from './vend-sweep';
import { memoryVendWorld } from './vend.test-fakes';

/** Closing sessions: completions that come late or cannot be settled as reported, incidents and their resolution. */

describe('completions that come late or cannot be settled as reported', () => {
  let w: Awaited<ReturnType<typeof memoryVendWorld>>;
  const station = 'HRL-00001';
  const balance = () => w.users.items.get('u1')!.balance;
  const open = async (requestId = `r-${Math.random()}`) => {
    const t = (await signNfcToken({ jti: `jti-${Math.random()}`, userId: 'u1', now: w.clock.now(), lifetimeSeconds: 300 }, { privateKey: await w.signingKeys.privateKey(), keyId: 'k' })).token;
    const outcome = await authorizeVend({ stationId: station, token: t, requestId }, w);
    if (outcome.decision !== 'authorized') throw new Error(JSON.stringify(outcome));
    return outcome.sessionId;
  };
  const swept = (sessionId: string) => sweepExpiredSessions(w, new Date(Date.parse(w.vendSessions.sessions.get(sessionId)!.expiresAt) + 1));

  beforeEach(async () => {
    w = await memoryVendWorld();
    const at = w.clock.now().toISOString();
    await w.machines.create({ id: station, name: 'Station one', status: 'online', lastHeartbeat: at, maxFillMl: 1500, createdAt: at, updatedAt: at });
    await w.users.ensure({ id: 'u1', username: 'u1', firstName: null, lastName: null, email: null }, at);
    w.users.items.get('u1')!.balance = 5_000;
  });

  it('records a station\'s start of an open session once, moving no money; another station\'s, a closed session\'s or a malformed one changes nothing', async () => {
    const sessionId = await open();
    const receivedAt = Date.parse('2025-11-21T12:00:05Z');
    expect(await startedVend({ stationId: 'HRL-00002', sessionId }, w)).toBe('dropped');
    expect(await startedVend({ stationId: station }, w)).toBe('dropped');
    expect(await startedVend({ stationId: station, sessionId, receivedAt }, w)).toBe('started');
    expect(w.vendSessions.sessions.get(sessionId)).toMatchObject({ status: 'open', startedAt: '2025-11-21T12:00:05.000Z' });
    expect(await startedVend({ stationId: station, sessionId, receivedAt: receivedAt + 1000 }, w)).toBe('replayed');
    expect(w.vendSessions.sessions.get(sessionId)!.startedAt).toBe('2025-11-21T12:00:05.000Z');
    expect(balance()).toBe(5_000 - w.vendSessions.sessions.get(sessionId)!.holdAmount);
    const other = await open();
    await completeVend({ stationId: station, sessionId: other, dispensedMl: 100 }, w);
    expect(await startedVend({ stationId: station, sessionId: other }, w)).toBe('ignored');
    expect(w.vendSessions.sessions.get(other)!.startedAt).toBeUndefined();
  });

  it('charges a completion that arrives after the sweep released the hold, once', async () => {
    const sessionId = await open();
    await swept(sessionId);
    expect(balance()).toBe(5_000);
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 300 }, w)).toBe('settledLate');
    expect(balance()).toBe(4_700);
    expect(w.vendSessions.sessions.get(sessionId)).toMatchObject({ status: 'completed', settledLate: true, dispensedMl: 300, charged: 300 });
    expect(w.users.items.get('u1')!.dispensedMl).toBe(300);
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 300 }, w)).toBe('replayed');
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 301 }, w)).toBe('ignored');
    expect(balance()).toBe(4_700);
  });

  it('records what the balance cannot cover as owed, and the next top-up pays it first', async () => {
    const sessionId = await open();
    await swept(sessionId);
    w.users.items.get('u1')!.balance = 200;
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 500 }, w)).toBe('receivable');
    expect(w.users.items.get('u1')).toMatchObject({ balance: 0, owed: 300 });
    expect(w.ledger.entries_.filter((e) => e.key === `late:${sessionId}`).map((e) => [e.type, e.amount, e.owed])).toEqual([['purchase', -200, 0], ['receivable', 0, 300]]);
    await w.ledger.post('u1', 'topup', 10_000, 'topup-1', { reference: 'order', actor: 'gateway' });
    expect(w.users.items.get('u1')).toMatchObject({ balance: 9_700, owed: 0 });
  });

  it.each([
    ['a string', '250', 'dispensedMl is a string, not a number'],
    ['a negative number', -1, 'dispensedMl is negative'],
    ['more than authorized', 1_501, 'dispensedMl 1501 is above the authorized 1500 ml'],
    ['nothing', undefined, 'no dispensedMl'],
  ])('keeps the hold of a completion reporting %s as an incident until the station retries', async (_, dispensedMl, reason) => {
    const sessionId = await open();
    expect(await completeVend({ stationId: station, sessionId, dispensedMl }, w)).toBe('incident');
    expect(balance()).toBe(3_500);
    expect(await w.vendSessions.incident(sessionId)).toMatchObject({ status: 'open', holdKept: true, reports: 1, lastReport: { reason, payload: JSON.stringify({ sessionId, dispensedMl }) } });
    // The same report without the field at all (as a topic rule delivers it) is one more report on the same incident.
    expect(await completeVend({ stationId: station, sessionId }, w)).toBe('incident');
    expect(await w.vendSessions.incident(sessionId)).toMatchObject({ reports: 2, lastReport: { reason: 'no dispensedMl', problem: { kind: 'missing' } } });
    // The sweep leaves it alone: the hold stays until someone resolves it.
    expect(await swept(sessionId)).toMatchObject({ expired: 0 });
    expect(w.vendSessions.sessions.get(sessionId)!.status).toBe('open');
    expect(await completeVend({ stationId: station, sessionId, dispensedMl: 250 }, w)).toBe('settled');
    expect(balance()).toBe(4_750);
    expect(await w.vendSessions.incident(sessionId)).toMatchObject({ status: 'resolved', resolution: { by: `station:${station}`, dispensedMl: 250, charged: 250 } });
  });

  it('resolves an incident that a malformed copy of the report recorded between the reading of the session and its settlement or release', async () => {
    for (const report of [{ dispensedMl: 300 }, { failed: true }] as const) {
      const before = balance();
      const sessionId = await open();
      // The malformed copy is handled while the valid report is on its way: after it read the session, before its write.
      const get = w.vendSessions.get.bind(w.vendSessions);
      let raced = false;
      w.vendSessions.get = async (id) => {
        const read = await get(id);
        if (!raced) {
          raced = true;
          expect(await completeVend({ stationId: station, sessionId, dispensedMl: 'garbled' }, w)).toBe('incident');
        }
        return read;
      };
      if ('failed' in report) expect(await failVend({ stationId: station, sessionId, reason: 'valve did not open' }, w)).toBe('released');
      else expect(await completeVend({ stationId: station, sessionId, dispensedMl: report.dispensedMl }, w)).toBe('settled');
      w.vendSessions.get = get;
      expect(raced).toBe(true);
      expect(w.vendSessions.sessions.get(sessionId)).toMatchObject({ status: 'failed' in report ? 'failed' : 'completed', incident: false });
      expect(await w.vendSessions.incident(sessionId)).toMatchObject({ status: 'resolved' });
      expect(balance()).toBe(before - ('failed' in report ? 0 : 300));
    }
  });

  it('lets an operator resolve an incident with the volume dispensed, even after a late malformed report', async () => {
    const held = await open();
    await completeVend({ stationId: station, sessionId: held, dispensedMl: 'lots' }, w);
    expect(await resolveIncident(held, { dispensedMl: 400, note: 'station counters' }, 'admin:ops', w)).toMatchObject({ status: 'resolved', resolution: { by: 'admin:ops', dispensedMl: 400, charged: 400 } });
    expect(balance()).toBe(4_600);
    await expect(resolveIncident(held, { dispensedMl: 400, note: 'again' }, 'admin:ops', w)).rejects.toMatchObject({ status: 409 });

    const late = await open();
    await swept(late);
    expect(await completeVend({ stationId: station, sessionId: late, dispensedMl: -5 }, w)).toBe('incident');
    expect(await w.vendSessions.incident(late)).toMatchObject({ holdKept: false });
    await expect(resolveIncident(late, { dispensedMl: 1_600, note: 'x' }, 'admin:ops', w)).rejects.toMatchObject({ status: 400 });
    await resolveIncident(late, { dispensedMl: 100, note: 'customer says a small bottle' }, 'admin:ops', w);
    expect(balance()).toBe(4_500);
    expect(w.vendSessions.sessions.get(late)).toMatchObject({ status: 'completed', settledLate: true, charged: 100 });
  });

  it('makes progress past sessions the sweep cannot close, and reports them', async () => {
    const ids: string[] = [];
    w.users.items.get('u1')!.balance = 160 * 1_500;
    for (let i = 0; i < 150; i++) ids.push(await open());
    for (const id of ids.slice(0, 120)) w.vendSessions.failing.add(id);
    w.clock.advance(200_000);
    const report = await sweepExpiredSessions(w);
    expect(report).toMatchObject({ expired: 30, errors: 120 });
    expect(report.failures).toHaveLength(20);
    expect(ids.slice(120).every((id) => w.vendSessions.sessions.get(id)!.status === 'expired')).toBe(true);
  });
});
