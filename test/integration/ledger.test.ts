import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DynamoLedger } from '@functions/wallet/adapters/dynamodb/ledger';
import { ledgerWithRules } from '@functions/wallet/domain/ledger-rules';
import type { Ledger } from '@functions/wallet/ports/ledger';
import { DynamoUsers } from '@functions/accounts/adapters/dynamodb/users';
import { DynamoVendSessions } from '@functions/vending/adapters/dynamodb/vend-sessions';
import { TransactionPartRejected } from '@functions/platform/ports/transaction';
import { DomainError } from '@functions/platform/domain/errors';
import { randomIds, systemClock } from '@functions/platform/ports/clock';
import { ledgerEntries } from '../support/admin';
import { testDb } from '../support/local';

/** The DynamoDB book as the use cases get it: behind the wallet's rules, which decide what a refusal answers. */
let ledger: Ledger;
let users: DynamoUsers;
let sessions: DynamoVendSessions;
const run = crypto.randomUUID().slice(0, 8);

beforeAll(() => {
  const { db, tableName } = testDb();
  ledger = ledgerWithRules(new DynamoLedger(db, tableName, systemClock, randomIds));
  users = new DynamoUsers(db, tableName);
  sessions = new DynamoVendSessions(db, tableName);
});

async function newUser(name: string) {
  const id = `${run}-${name}`;
  await users.ensure({ id, username: id, firstName: null, lastName: null, email: null }, new Date().toISOString());
  return id;
}

const expectDomain = async (promise: Promise<unknown>, status: number, message?: RegExp) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).status).toBe(status);
  if (message) expect((error as DomainError).message).toMatch(message);
};

describe('ledger rules', () => {
  it('credits once per idempotency key and replays the first result', async () => {
    const u = await newUser('replay');
    const first = await ledger.post(u, 'topup', 50_000, `${u}-k1`, { reference: 'order-1', actor: 'gateway' });
    const again = await ledger.post(u, 'topup', 50_000, `${u}-k1`, { reference: 'order-1', actor: 'gateway' });
    expect(first).toMatchObject({ balance: 50_000, replayed: false });
    expect(again).toMatchObject({ balance: 50_000, replayed: true });
    expect(again.entries.map((e) => e.id)).toEqual(first.entries.map((e) => e.id));
    expect((await users.get(u))!.balance).toBe(50_000);
    expect(await ledgerEntries(u)).toHaveLength(1);
  });

  it('answers 409 for the same key with different parameters, and writes nothing', async () => {
    const u = await newUser('mismatch');
    await ledger.post(u, 'topup', 10_000, `${u}-k`, { reference: 'o', actor: 'gateway' });
    await expectDomain(ledger.post(u, 'topup', 20_000, `${u}-k`, { reference: 'o', actor: 'gateway' }), 409, /different request/);
    expect((await users.get(u))!.balance).toBe(10_000);
  });

  it('never lets the balance go below zero', async () => {
    const u = await newUser('negative');
    await ledger.post(u, 'topup', 10_000, `${u}-t`, { reference: 'o', actor: 'gateway' });
    await expectDomain(ledger.post(u, 'purchase', -10_001, `${u}-p`, { reference: 'x', actor: u }), 409, /Insufficient balance/);
    await expectDomain(ledger.hold(u, `${u}-h`, 10_001, { reference: 'v', actor: 'station:HRL-1' }), 409, /Insufficient balance/);
    expect((await users.get(u))!.balance).toBe(10_000);
    expect(await ledgerEntries(u)).toHaveLength(1);
  });

  it('answers callers racing for the same hold of the whole balance with that hold, never "insufficient balance"', async () => {
    // The gateway's notification and a reader of the order open the same paid session at once (docs/payments.md).
    for (let round = 0; round < 5; round++) {
      const u = await newUser(`race-${round}`);
      await ledger.post(u, 'topup', 1_500, `${u}-t`, { reference: 'o', actor: 'gateway' });
      const results = await Promise.allSettled(Array.from({ length: 4 }, () => ledger.hold(u, `${u}-h`, 1_500, { reference: 'v', actor: u })));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'held'))).toEqual(['held', 'held', 'held', 'held']);
      expect(results.filter((r) => r.status === 'fulfilled' && !r.value.replayed)).toHaveLength(1);
      expect((await users.get(u))!.balance).toBe(0);
      expect((await ledgerEntries(u)).filter((e) => e.type === 'hold')).toHaveLength(1);
    }
  });

  it('holds, settles exactly once and releases the rest', async () => {
    const u = await newUser('vend');
    await ledger.post(u, 'topup', 5_000, `${u}-t`, { reference: 'o', actor: 'gateway' });
    const hold = await ledger.hold(u, `${u}-h`, 1_500, { reference: 'session-1', actor: 'station:HRL-00001' });
    expect(hold.balance).toBe(3_500);
    const details = { reference: 'session-1', actor: 'station:HRL-00001', machineId: 'HRL-00001', machineName: 'Seminyak Square', volumeMl: 350 };
    const settled = await ledger.settle(`${u}-h`, 350, details);
    expect(settled.balance).toBe(4_650);
    expect(settled.entries.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([['release', 1500, 5000], ['purchase', -350, 4650]]);
    expect(await ledger.settle(`${u}-h`, 350, details)).toMatchObject({ balance: 4_650, replayed: true });
    await expectDomain(ledger.settle(`${u}-h`, 400, details), 409);
    await expectDomain(ledger.release(`${u}-h`, details), 409, /already settled/);
    const user = (await users.get(u))!;
    expect(user).toMatchObject({ balance: 4_650, dispensedMl: 350 });
    const history = await ledger.entries(u, { limit: 10, visibleOnly: true });
    expect(history.items.map((e) => e.type)).toEqual(['purchase', 'topup']);
  });

  it('commits joined writes with the hold and the settlement, and writes nothing when one of their conditions fails', async () => {
    const u = await newUser('joined');
    await ledger.post(u, 'topup', 5_000, `${u}-t`, { reference: 'o', actor: 'gateway' });
    const now = new Date();
    const claim = { jti: `${u}-jti`, userId: u, stationId: 'HRL-00001', requestId: 'r1', sessionId: `${u}-s1`, usedAt: now.toISOString(), expiresAt: new Date(now.getTime() + 60_000).toISOString() };
    const session = (id: string) => ({
      id, stationId: 'HRL-00001', machineName: 'Seminyak Square', userId: u, tokenId: claim.jti, requestId: 'r1', status: 'open' as const,
      holdAmount: 1_500, maxMl: 1_500, pricePerLitre: 1_000, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + 300_000).toISOString(),
    });
    const details = { reference: claim.sessionId, actor: 'station:HRL-00001' };

    // A known balance that is out of date (a top-up landed since it was read) is caught by the write's condition and read again.
    await ledger.post(u, 'topup', 1_000, `${u}-t2`, { reference: 'o2', actor: 'gateway' });
    const held = await ledger.hold(u, claim.sessionId, 1_500, details, { knownBalance: 5_000, together: sessions.opening(claim, session(claim.sessionId)) });
    expect(held.balance).toBe(4_500);
    expect(await sessions.usedToken(claim.jti)).toMatchObject({ sessionId: claim.sessionId });
    expect(await sessions.get(claim.sessionId)).toMatchObject({ status: 'open' });

    // The same token again: the token's condition fails, so neither the second session nor its hold is written.
    const again = ledger.hold(u, `${u}-s2`, 1_500, details, { knownBalance: 4_500, together: sessions.opening({ ...claim, sessionId: `${u}-s2` }, session(`${u}-s2`)) });
    await expect(again).rejects.toBeInstanceOf(TransactionPartRejected);
    expect(await ledger.getHold(`${u}-s2`)).toBeNull();
    expect(await sessions.get(`${u}-s2`)).toBeNull();
    expect((await users.get(u))!.balance).toBe(4_500);

    // The hold keeps the balance right after it, the settlement's first guess; a top-up since makes the guess stale,
    // which the write's condition catches.
    const hold = (await ledger.getHold(claim.sessionId))!;
    expect(hold).toMatchObject({ status: 'open', amount: 1_500, balanceAfter: 4_500 });
    await ledger.post(u, 'topup', 500, `${u}-t3`, { reference: 'o3', actor: 'gateway' });

    // Settlement and the session's close are one write; a second close finds the session closed and the hold settled.
    const closed = { status: 'completed' as const, closedAt: now.toISOString(), dispensedMl: 350, charged: 350 };
    const settled = await ledger.settle(claim.sessionId, 350, { ...details, volumeMl: 350 }, { knownHold: hold, together: sessions.closing(claim.sessionId, closed) });
    expect(settled).toMatchObject({ balance: 6_150, replayed: false });
    expect(settled.entries.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([['release', 1_500, 6_500], ['purchase', -350, 6_150]]);
    expect(await sessions.get(claim.sessionId)).toMatchObject(closed);
    // A hold read before the settlement: its state is checked by the write, so nothing is released twice.
    await expectDomain(ledger.release(claim.sessionId, details, { knownHold: hold, together: sessions.closing(claim.sessionId, { status: 'failed', closedAt: now.toISOString() }) }), 409, /already settled/);
    expect(await sessions.get(claim.sessionId)).toMatchObject(closed);
    expect((await users.get(u))!.balance).toBe(6_150);
  });

  it('charges what the balance covers and records the rest as owed, once; the next top-up pays what is owed first', async () => {
    const u = await newUser('owed');
    await ledger.post(u, 'topup', 200, `${u}-t1`, { reference: 'o1', actor: 'gateway' });
    const details = { reference: 'session-late', actor: 'station:HRL-00001', machineId: 'HRL-00001', machineName: 'Seminyak Square', volumeMl: 500 };
    const late = await ledger.charge(u, 'purchase', 500, `late:${u}`, details);
    expect(late).toMatchObject({ balance: 0, owed: 300, replayed: false });
    expect(late.entries.map((e) => [e.type, e.amount, e.owed ?? 0, e.balanceAfter, e.owedAfter ?? null, e.volumeMl ?? null])).toEqual([
      ['purchase', -200, 0, 0, null, 500],
      ['receivable', 0, 300, 0, 300, null],
    ]);
    expect(await ledger.charge(u, 'purchase', 500, `late:${u}`, details)).toMatchObject({ balance: 0, owed: 300, replayed: true });
    await expectDomain(ledger.charge(u, 'purchase', 600, `late:${u}`, details), 409, /different request/);
    expect(await users.get(u)).toMatchObject({ balance: 0, owed: 300, dispensedMl: 500 });

    const topup = await ledger.post(u, 'topup', 10_000, `${u}-t2`, { reference: 'o2', actor: 'gateway', paymentMethod: 'qris' });
    expect(topup).toMatchObject({ balance: 9_700, owed: 0 });
    expect(topup.entries.map((e) => [e.type, e.amount, e.owed ?? 0, e.balanceAfter])).toEqual([['topup', 10_000, 0, 10_000], ['repayment', -300, -300, 9_700]]);
    // Nothing owed: a charge is an ordinary debit.
    expect((await ledger.charge(u, 'adjustment', 700, `${u}-refund`, { reference: 'o2', actor: 'gateway', counter: 'gateway' })).entries.map((e) => e.type)).toEqual(['adjustment']);
    const entries = await ledgerEntries(u);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(9_000);
    expect(entries.reduce((sum, e) => sum + (e.owed ?? 0), 0)).toBe(0);
    const history = await ledger.entries(u, { limit: 10, visibleOnly: true });
    expect(history.items.map((e) => e.type).sort()).toEqual(['adjustment', 'purchase', 'receivable', 'repayment', 'topup', 'topup']);
  });

  it('makes an adjustment only against the balance it was meant for: a top-up in between survives, the adjustment is refused', async () => {
    const u = await newUser('expected');
    await ledger.post(u, 'topup', 5_000, `${u}-t1`, { reference: 'o1', actor: 'gateway' });
    const seen = (await users.get(u))!.balance;
    await ledger.post(u, 'topup', 10_000, `${u}-t2`, { reference: 'o2', actor: 'gateway' });
    await expectDomain(ledger.post(u, 'adjustment', 50, `${u}-a1`, { reference: 'goodwill', actor: 'admin:ops', counter: 'goodwill' }, { expectedBalance: seen }), 409, /^The balance changed, reload$/);
    expect((await users.get(u))!.balance).toBe(15_000);
    const made = await ledger.post(u, 'adjustment', -50, `${u}-a2`, { reference: 'correction', actor: 'admin:ops', counter: 'goodwill' }, { expectedBalance: 15_000 });
    expect(made).toMatchObject({ balance: 14_950, replayed: false });
    // The same request again (a double submit) replays instead of failing on the balance it changed itself.
    expect(await ledger.post(u, 'adjustment', -50, `${u}-a2`, { reference: 'correction', actor: 'admin:ops', counter: 'goodwill' }, { expectedBalance: 15_000 })).toMatchObject({ replayed: true });
    expect((await users.get(u))!.balance).toBe(14_950);
  });

  it('keeps running totals with each transaction (counts and sums per type, millilitres, what is owed, accounts)', async () => {
    const before = await ledger.totals();
    const u = await newUser('totals');
    await ledger.post(u, 'topup', 1_000, `${u}-t`, { reference: 'o', actor: 'gateway' });
    await ledger.hold(u, `${u}-h`, 1_000, { reference: 's', actor: 'station:x' });
    await ledger.settle(`${u}-h`, 400, { reference: 's', actor: 'station:x', volumeMl: 400 });
    // A purchase booked as a plain posting (a paid order) counts its litres too.
    await ledger.post(u, 'purchase', -200, `${u}-p`, { reference: 's1', actor: 'station:x', volumeMl: 200 });
    await ledger.charge(u, 'purchase', 900, `late:${u}`, { reference: 's2', actor: 'station:x', volumeMl: 900 });
    const after = await ledger.totals();
    const delta = (f: (t: typeof after) => number | undefined) => (f(after) ?? 0) - (f(before) ?? 0);
    expect(delta((t) => t.users)).toBe(1);
    expect(delta((t) => t.count.topup)).toBe(1);
    expect(delta((t) => t.sum.topup)).toBe(1_000);
    expect(delta((t) => t.count.purchase)).toBe(3);
    expect(delta((t) => t.sum.purchase)).toBe(-1_000);
    expect(delta((t) => t.count.receivable)).toBe(1);
    expect(delta((t) => t.owed)).toBe(500);
    expect(delta((t) => t.dispensedMl)).toBe(1_500);
    expect(delta((t) => t.count.hold)).toBe(0);
  });

  it('pages history with a cursor, newest first', async () => {
    const u = await newUser('pages');
    for (let i = 1; i <= 5; i++) await ledger.post(u, 'topup', 10_000 * i, `${u}-${i}`, { reference: `o${i}`, actor: 'gateway' });
    const first = await ledger.entries(u, { limit: 2 });
    const second = await ledger.entries(u, { limit: 2, cursor: first.nextCursor! });
    const third = await ledger.entries(u, { limit: 2, cursor: second.nextCursor! });
    expect([...first.items, ...second.items, ...third.items].map((e) => e.amount)).toEqual([50_000, 40_000, 30_000, 20_000, 10_000]);
    expect(third.nextCursor).toBeNull();
  });
});

describe('ledger under concurrency', () => {
  it('keeps every invariant over 1,000 random concurrent operations', async () => {
    const userIds = await Promise.all(Array.from({ length: 12 }, (_, i) => newUser(`c${i}`)));
    type Op =
      | { kind: 'topup'; user: number; amount: number; key: number }
      | { kind: 'debit'; user: number; amount: number; key: number }
      | { kind: 'charge'; user: number; amount: number; key: number }
      | { kind: 'hold'; user: number; amount: number; hold: number }
      | { kind: 'settle'; hold: number; fraction: number }
      | { kind: 'release'; hold: number };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('topup' as const), user: fc.nat(11), amount: fc.integer({ min: 1_000, max: 60_000 }), key: fc.nat(300) }),
      fc.record({ kind: fc.constant('debit' as const), user: fc.nat(11), amount: fc.integer({ min: 100, max: 90_000 }), key: fc.nat(300) }),
      fc.record({ kind: fc.constant('charge' as const), user: fc.nat(11), amount: fc.integer({ min: 100, max: 40_000 }), key: fc.nat(300) }),
      fc.record({ kind: fc.constant('hold' as const), user: fc.nat(11), amount: fc.integer({ min: 500, max: 20_000 }), hold: fc.nat(150) }),
      fc.record({ kind: fc.constant('settle' as const), hold: fc.nat(150), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
      fc.record({ kind: fc.constant('release' as const), hold: fc.nat(150) }),
    );
    const batches = fc.sample(fc.array(op, { minLength: 250, maxLength: 250 }), { numRuns: 4, seed: 20261121 }) as Op[][];
    const holdOwner = new Map<number, number>();
    let operations = 0;
    let violations = 0;
    const outcomes = { applied: 0, replayed: 0, refused: 0 };
    let repaid = 0;

    for (const batch of batches) {
      await Promise.all(batch.map(async (o) => {
        operations++;
        try {
          let result;
          if (o.kind === 'topup') {
            // Keys are reused across batches on purpose: duplicates must replay (same amount) or conflict.
            result = await ledger.post(userIds[o.user]!, 'topup', o.amount % 2 === 0 ? 20_000 : 10_000, `${run}-t-${o.user}-${o.key}`, { reference: 'r', actor: 'gateway' });
          } else if (o.kind === 'debit') {
            result = await ledger.post(userIds[o.user]!, 'purchase', -o.amount, `${run}-d-${o.user}-${o.key}-${o.amount}`, { reference: 'r', actor: 'u' });
          } else if (o.kind === 'charge') {
            result = await ledger.charge(userIds[o.user]!, 'purchase', o.amount, `${run}-c-${o.user}-${o.key}`, { reference: 'r', actor: 'station:x', volumeMl: o.amount });
          } else if (o.kind === 'hold') {
            holdOwner.set(o.hold, o.user);
            result = await ledger.hold(userIds[o.user]!, `${run}-h-${o.hold}`, o.amount, { reference: 's', actor: 'station:x' });
          } else {
            const holdId = `${run}-h-${o.hold}`;
            const hold = await ledger.getHold(holdId);
            if (!hold) throw new DomainError(404, 'no hold');
            result = o.kind === 'settle'
              ? await ledger.settle(holdId, Math.floor(hold.amount * o.fraction), { reference: 's', actor: 'station:x', volumeMl: Math.floor(hold.amount * o.fraction) })
              : await ledger.release(holdId, { reference: 's', actor: 'system' });
          }
          if (result.replayed) outcomes.replayed++;
          else outcomes.applied++;
          if (result.entries.some((e) => e.type === 'repayment')) repaid++;
        } catch (error) {
          if (!(error instanceof DomainError) || error.status === 503) throw error;
          outcomes.refused++;
        }
      }));

      for (const u of userIds) {
        const entries = await ledgerEntries(u);
        const user = (await users.get(u))!;
        const sum = entries.reduce((s, e) => s + e.amount, 0);
        if (sum !== user.balance) violations++;
        if (user.balance < 0 || entries.some((e) => (e.balanceAfter ?? 0) < 0)) violations++;
        // The receivable: the sum of its entries, never below zero.
        if (entries.reduce((s, e) => s + (e.owed ?? 0), 0) !== (user.owed ?? 0) || (user.owed ?? 0) < 0) violations++;
        const keyUses = new Map<string, number>();
        for (const e of entries.filter((e) => e.type === 'topup' || e.type === 'receivable' || e.type === 'purchase' && !e.idempotencyKey.startsWith('settle:'))) {
          keyUses.set(`${e.type} ${e.idempotencyKey}`, (keyUses.get(`${e.type} ${e.idempotencyKey}`) ?? 0) + 1);
        }
        if ([...keyUses.values()].some((n) => n > 1)) violations++;
      }
    }
    const owedUsers = (await Promise.all(userIds.map((u) => users.get(u)))).filter((u) => (u!.owed ?? 0) > 0).length + repaid;
    console.log(`ledger: ${operations} concurrent operations (${outcomes.applied} applied, ${outcomes.replayed} replayed, ${outcomes.refused} refused), ${violations} violations`);
    expect(operations).toBe(1_000);
    expect(outcomes.applied).toBeGreaterThan(250);
    expect(outcomes.replayed).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(owedUsers).toBeGreaterThan(0);
    expect(violations).toBe(0);
  }, 300_000);
});
