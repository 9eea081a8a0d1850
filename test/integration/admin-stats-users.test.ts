import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import * as z from '@shared/zod';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { queryAll } from '@functions/platform/adapters/dynamodb/query';
import { AdminStats } from '@shared/routes/system';
import { AdminUser } from '@shared/schemas/user';
import { Machine } from '@shared/schemas/machine';
import { bearer, signInAs } from '../support/auth';
import { DynamoLedger } from '@functions/wallet/adapters/dynamodb/ledger';
import { randomIds } from '@functions/platform/ports/clock';
import { allPages, asAdmin, createUser, ledgerEntries, repositories, settlePurchase } from '../support/admin';
import { apiFetch, local, testDb } from '../support/local';

type Row = { id: string; type: string; amount: number; signedAmount: number; volume: number | null; userId: string; username: string | null; actor: string; reference: string; machine: { id: string; name: string } | null; createdAt: string };

describe('GET /api/admin/stats', () => {
  it("matches what the API's own lists add up to (machines, accounts, settled purchases)", async () => {
    const readStats = async () => {
      const { status, body } = await asAdmin('/api/admin/stats');
      expect(status).toBe(200);
      return AdminStats.parse(body);
    };
    // The lists are read between two readings of the totals that agree: a session settled late by the sweep between
    // them (what an earlier file left) would otherwise be counted on one side only.
    const snapshot = async () => {
      const before = await readStats();
      const lists = {
        // The console's list: every station, those kept off the public lists too (another file may hide one meanwhile).
        machines: z.array(Machine).parse((await asAdmin('/api/admin/machines')).body),
        users: await allPages<{ id: string; owed: number }>('/api/admin/users'),
        purchases: await allPages<Row>('/api/admin/transactions?type=purchase'),
        // Water charged late and owed in full carries its volume on the receivable.
        owed: await allPages<Row>('/api/admin/transactions?type=receivable'),
      };
      const after = await readStats();
      return JSON.stringify(before) === JSON.stringify(after) ? { stats: after, ...lists } : null;
    };
    let read = await snapshot();
    for (let attempt = 0; !read && attempt < 5; attempt++) read = await snapshot();
    if (!read) throw new Error('The totals kept changing while the lists were read');
    const { stats, machines, users, purchases, owed } = read;
    expect(stats.totalMachines).toBe(machines.length);
    expect(stats.onlineMachines).toBe(machines.filter((m) => m.status === 'online').length);
    expect(stats.offlineMachines).toBe(machines.filter((m) => m.status === 'offline').length);
    expect(stats.onlineMachines).toBeGreaterThan(0);
    expect(stats.offlineMachines).toBeGreaterThan(0);
    expect(stats.activeUsers).toBe(users.length);
    expect(stats.transactionCount).toBe(purchases.length);
    expect(stats.totalRevenue).toBe(purchases.reduce((sum, p) => sum + p.amount, 0));
    expect(stats.waterDispensedLitres).toBeCloseTo([...purchases, ...owed].reduce((sum, p) => sum + (p.volume ?? 0), 0), 6);
    // What people owe, and what the book's own accounts were left owing (a guest order charged late after its full
    // refund: not a person, so not in the users list; nothing repays it but its receivable entry says how much).
    const people = new Set(users.map((u) => u.id));
    const owedByAccounts = owed.filter((r) => !people.has(r.userId)).reduce((sum, r) => sum + r.amount, 0);
    expect(stats.openReceivables).toBe(users.reduce((sum, u) => sum + u.owed, 0) + owedByAccounts);
  });

  it("includes the seeded user's refill and the seeded accounts", async () => {
    const seededUser = local().cognito.accounts.find((a) => a.role === 'user')!;
    const seeded = await allPages<Row>(`/api/admin/transactions?type=purchase&userId=${seededUser.sub}`);
    expect(seeded.some((p) => p.machine?.id === 'HRL-00001' && p.amount === 1500 && p.volume === 1.5)).toBe(true);
    const users = await allPages<{ id: string }>('/api/admin/users');
    for (const account of local().cognito.accounts) expect(users.map((u) => u.id)).toContain(account.sub);
  });

  it('moves by exactly a new account and a new settled refill', async () => {
    const before = AdminStats.parse((await asAdmin('/api/admin/stats')).body);
    const id = await createUser('stats', { topup: 20_000 });
    await settlePurchase(id, { id: 'HRL-00007', name: 'Batu Bolong Beach' }, 1_250);
    const after = AdminStats.parse((await asAdmin('/api/admin/stats')).body);
    expect(after.activeUsers - before.activeUsers).toBe(1);
    expect(after.transactionCount - before.transactionCount).toBe(1);
    expect(after.totalRevenue - before.totalRevenue).toBe(1_250);
    expect(after.waterDispensedLitres - before.waterDispensedLitres).toBeCloseTo(1.25, 6);
  });
});

describe('GET /api/admin/users', () => {
  it('pages by 10 with a cursor, and searches case-insensitively', async () => {
    const tag = `Pager${crypto.randomUUID().slice(0, 6)}`;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await createUser(`${tag.toLowerCase()}-${i}`, { firstName: tag }));
    const first = await asAdmin(`/api/admin/users?limit=10&search=${tag.toUpperCase()}`);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(10);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await asAdmin(`/api/admin/users?limit=10&search=${tag.toUpperCase()}&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.items).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();
    const seen = [...first.body.items, ...second.body.items].map((u: { id: string }) => u.id);
    expect(new Set(seen)).toEqual(new Set(ids));
    // Newest first.
    expect(seen[0]).toBe(ids[11]);
  });

  it('shows balance in rupiah and litres refilled from metered millilitres', async () => {
    const id = await createUser('litres', { topup: 10_000 });
    await settlePurchase(id, { id: 'HRL-00013', name: 'Ubud Art Market' }, 2_000);
    const { body } = await asAdmin(`/api/admin/users?search=${id}`);
    const user = AdminUser.parse(body.items[0]);
    expect(user).toMatchObject({ id, balance: 8_000, environmentalImpact: { litersRefilled: 2, plasticBottlesSaved: 4 } });
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  const balanceOf = async (id: string) => (await repositories().users.get(id))!.balance;

  it('refuses an adjustment without a reason, of nothing or of a fraction (400), and changes nothing', async () => {
    const id = await createUser('noreason', { topup: 10_000 });
    const { status, body } = await asAdmin(`/api/admin/users/${id}`, { method: 'PATCH', json: { username: id, adjustment: { amount: 5_000, expectedBalance: 10_000 } } });
    expect(status).toBe(400);
    expect(body.fields).toEqual({ 'adjustment.reason': 'A reason is required to change the balance' });
    for (const amount of [0, 12.5, '5000']) {
      const res = await asAdmin(`/api/admin/users/${id}`, { method: 'PATCH', json: { username: id, adjustment: { amount, expectedBalance: 10_000, reason: 'x' } } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['adjustment.amount']);
    }
    expect((await ledgerEntries(id)).filter((e) => e.type === 'adjustment')).toHaveLength(0);
  });

  it("writes the amount as an adjustment with the admin's identity and reason; balance = sum of entries; a replay adds nothing", async () => {
    const admin = await signInAs('admin');
    const id = await createUser('adjust', { topup: 30_000 });
    await settlePurchase(id, { id: 'HRL-00024', name: 'Sindhu Beach' }, 1_000);
    const edit = { username: `${id}-renamed`, adjustment: { amount: -17_000, expectedBalance: 29_000, reason: 'Refund for a failed refill at Sindhu Beach' } };
    const { status, body } = await asAdmin(`/api/admin/users/${id}`, { method: 'PATCH', json: edit, headers: { 'idempotency-key': `k-${id}` } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, username: `${id}-renamed`, balance: 12_000, owed: 0 });
    const entries = await ledgerEntries(id);
    const adjustments = entries.filter((e) => e.type === 'adjustment');
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({ amount: -17_000, balanceAfter: 12_000, actor: `admin:${admin.username}`, reference: edit.adjustment.reason });
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(12_000);

    // The same request again (a double submit) is the same adjustment, not a 409 on the balance it changed itself.
    const again = await asAdmin(`/api/admin/users/${id}`, { method: 'PATCH', json: edit, headers: { 'idempotency-key': `k-${id}` } });
    expect(again.status).toBe(200);
    const sameWithoutKey = await asAdmin(`/api/admin/users/${id}`, { method: 'PATCH', json: { ...edit, username: `${id}-renamed` } });
    expect(sameWithoutKey.status).toBe(409);
    expect((await ledgerEntries(id)).filter((e) => e.type === 'adjustment')).toHaveLength(1);

    // The adjustment shows in the admin transactions with who and why.
    const rows = await allPages<Row>(`/api/admin/transactions?userId=${id}&type=adjustment`);
    expect(rows).toEqual([expect.objectContaining({ type: 'adjustment', amount: 17_000, signedAmount: -17_000, actor: `admin:${admin.username}`, reference: edit.adjustment.reason, username: `${id}-renamed` })]);
  });

  it('a top-up that lands while the admin decides survives: the adjustment is refused with 409 until reloaded', async () => {
    const id = await createUser('concurrent', { topup: 10_000 });
    const seen = await balanceOf(id);
    await repositories().ledger.post(id, 'topup', 25_000, `late-topup:${id}`, { reference: 'order-late', actor: 'gateway', paymentMethod: 'qris' });
    const stale = await asAdmin(`/api/admin/users/${id}`, { method: 'PATCH', json: { username: id, adjustment: { amount: -10_000, expectedBalance: seen, reason: 'Reverse a test top-up' } } });
    expect(stale).toMatchObject({ status: 409, body: { message: 'The balance changed, reload' } });
    expect(await balanceOf(id)).toBe(35_000);
    const fresh = await asAdmin(`/api/admin/users/${id}`, { method: 'PATCH', json: { username: id, adjustment: { amount: -10_000, expectedBalance: 35_000, reason: 'Reverse a test top-up' } } });
    expect(fresh.status).toBe(200);
    expect(await balanceOf(id)).toBe(25_000);
  });

  it('adjusts by amounts under Rp 100 too, and refuses taking more than the balance (409)', async () => {
    const id = await createUser('small', { topup: 10_000 });
    expect((await asAdmin(`/api/admin/users/${id}`, { method: 'PATCH', json: { username: id, adjustment: { amount: 50, expectedBalance: 10_000, reason: 'Rounding' } } })).body.balance).toBe(10_050);
    const over = await asAdmin(`/api/admin/users/${id}`, { method: 'PATCH', json: { username: id, adjustment: { amount: -10_051, expectedBalance: 10_050, reason: 'Too much' } } });
    expect(over.status).toBe(409);
    expect(await balanceOf(id)).toBe(10_050);
  });

  it('renames without touching the ledger, and answers 404 for an unknown user', async () => {
    const id = await createUser('rename', { topup: 10_000 });
    const { status, body } = await asAdmin(`/api/admin/users/${id}`, { method: 'PATCH', json: { username: 'Made Renamed' } });
    expect(status).toBe(200);
    expect(body.username).toBe('Made Renamed');
    expect((await ledgerEntries(id)).map((e) => e.type)).toEqual(['topup']);
    expect((await asAdmin(`/api/admin/users/${id}`, { method: 'PATCH', json: { username: '  ' } })).status).toBe(400);
    const missing = await asAdmin('/api/admin/users/nobody-here', { method: 'PATCH', json: { username: 'x' } });
    expect(missing).toMatchObject({ status: 404, body: { message: 'User not found' } });
  });
});

describe('GET /api/admin/transactions', () => {
  it('lists real ledger rows newest first, filters by user, type and machine, and pages with a cursor', async () => {
    const id = await createUser('tx', { topup: 50_000 });
    await settlePurchase(id, { id: 'HRL-00002', name: 'Petitenget Beach' }, 500);
    await settlePurchase(id, { id: 'HRL-00019', name: 'Puputan Badung Square' }, 700);
    await settlePurchase(id, { id: 'HRL-00002', name: 'Petitenget Beach' }, 900);

    const mine = await allPages<Row>(`/api/admin/transactions?userId=${id}`, 2);
    expect(mine.map((r) => [r.type, r.amount])).toEqual([['purchase', 900], ['purchase', 700], ['purchase', 500], ['topup', 50_000]]);
    expect(mine.every((r) => r.userId === id && r.username === id)).toBe(true);
    expect(mine[0]).toMatchObject({ volume: 0.9, machine: { id: 'HRL-00002', name: 'Petitenget Beach' }, signedAmount: -900 });
    expect(mine[3]).toMatchObject({ paymentMethod: 'gopay', machine: null, volume: null });
    const times = mine.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const firstPage = await asAdmin(`/api/admin/transactions?userId=${id}&limit=3`);
    expect(firstPage.body.items).toHaveLength(3);
    expect(firstPage.body.nextCursor).toBeTruthy();

    const topups = await allPages<Row>(`/api/admin/transactions?userId=${id}&type=topup`);
    expect(topups.map((r) => r.amount)).toEqual([50_000]);

    const atPetitenget = await allPages<Row>(`/api/admin/transactions?machineId=HRL-00002`);
    expect(atPetitenget.filter((r) => r.userId === id).map((r) => r.amount)).toEqual([900, 500]);
    expect(atPetitenget.every((r) => r.machine?.id === 'HRL-00002' && r.type === 'purchase')).toBe(true);
    const both = await allPages<Row>(`/api/admin/transactions?machineId=HRL-00019&userId=${id}`);
    expect(both.map((r) => r.amount)).toEqual([700]);
    expect(await allPages<Row>(`/api/admin/transactions?machineId=HRL-00002&type=topup`)).toEqual([]);

    const all = await asAdmin('/api/admin/transactions?limit=5');
    expect(all.body.items).toHaveLength(5);
    expect(all.body.items.every((r: Row) => ['purchase', 'topup', 'refund', 'adjustment', 'receivable', 'repayment'].includes(r.type))).toBe(true);
  });

  it('pages through every shard of the ledger collection, and entries written before the sharding, newest first, each once', async () => {
    const id = await createUser('shards', { topup: 30_000 });
    for (const [i, ml] of [300, 400, 500, 600, 700, 800].entries()) await settlePurchase(id, { id: i % 2 ? 'HRL-00002' : 'HRL-00019', name: 'Station' }, ml);
    // An entry as the ledger filed it before the sharding: in the one `LEDGER` partition of GSI1.
    const { db, tableName } = testDb();
    const at = new Date(Date.now() - 1_000).toISOString();
    const legacy = { id: `legacy-${crypto.randomUUID()}`, userId: id, type: 'adjustment', amount: 1, actor: 'admin', reference: 'before sharding', createdAt: at };
    await db.send(new PutCommand({ TableName: tableName, Item: { ...keys.ledgerEntry(id, at, `0-${legacy.id}`), GSI1PK: 'LEDGER', GSI1SK: `${at}#${legacy.id}`, ...legacy } }));
    const stored = async () => {
      const partitions = await Promise.all(keys.ledgerPartitions.map((partition) => queryAll(db, new QueryCommand({
        TableName: tableName, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': partition }, ProjectionExpression: 'id, GSI1PK',
      }))));
      return partitions.flat();
    };
    const before = await stored();
    // The new entries landed in more than one shard, so the merge is what is tested.
    expect(new Set(before.filter((e) => String(e.id).length && e.GSI1PK !== 'LEDGER').map((e) => e.GSI1PK)).size).toBeGreaterThan(1);

    const paged = await allPages<Row>('/api/admin/transactions', 7);
    const after = await stored();
    const ids = paged.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(legacy.id);
    // Everything stored before the paging, nothing that was not stored after it (the sweep may add a refund meanwhile).
    expect(ids).toEqual(expect.arrayContaining(before.map((e) => String(e.id))));
    expect(after.map((e) => String(e.id))).toEqual(expect.arrayContaining(ids));
    const order = paged.map((r) => `${r.createdAt}#${r.id}`);
    expect([...order].sort().reverse()).toEqual(order);

    const purchases = await allPages<Row>('/api/admin/transactions?type=purchase', 4);
    expect(purchases.every((r) => r.type === 'purchase')).toBe(true);
    expect(purchases.filter((r) => r.userId === id).map((r) => r.amount)).toEqual([800, 700, 600, 500, 400, 300]);
  });

  it('refuses an unknown type (400)', async () => {
    expect((await asAdmin('/api/admin/transactions?type=hold')).status).toBe(400);
  });

  it('is not readable with a user token', async () => {
    const user = await signInAs('user');
    expect((await apiFetch('/api/admin/transactions', { headers: bearer(user.token) })).status).toBe(403);
  });
});

describe('GET /api/admin/transactions/export', () => {
  it("holds every transaction of a month in Bali, across many pages, and none of the days around it; as CSV, oldest first, times in Bali", async () => {
    // February 2024 in Bali: 2024-01-31T16:00Z to 2024-02-29T16:00Z (no other test writes then).
    const { db, tableName } = testDb();
    const at = (iso: string) => new DynamoLedger(db, tableName, { now: () => new Date(iso) }, randomIds);
    const [a, b] = [await createUser('export-a'), await createUser('export-b')];
    const start = Date.parse('2024-01-31T16:00:00.000Z');
    const inside = Array.from({ length: 130 }, (_, i) => ({ user: i % 3 ? a : b, at: new Date(start + Math.floor((i * 29 * 86_400_000) / 130)).toISOString(), amount: 10_000 + i }));
    inside.push({ user: a, at: '2024-02-29T15:59:59.999Z', amount: 99_999 });
    const outside = [{ user: a, at: '2024-01-31T15:59:59.999Z', amount: 1 }, { user: b, at: '2024-02-29T16:00:00.000Z', amount: 2 }];
    const entries = [...inside, ...outside];
    for (let i = 0; i < entries.length; i += 25) {
      await Promise.all(entries.slice(i, i + 25).map((e, j) => at(e.at).post(e.user, 'topup', e.amount, `export-test:${e.user}:${i + j}`, { reference: `order-${i + j}`, actor: 'gateway', paymentMethod: 'qris' })));
    }

    const answer = await asAdmin('/api/admin/transactions/export?from=2024-02-01&to=2024-02-29');
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="bali-refill-transactions-2024-02-01-2024-02-29.csv"');
    const [header, ...lines] = answer.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(header).toBe('Transaction ID,Date (Bali time),Type,Amount (IDR),Signed amount (IDR),Volume (L),Method,Machine ID,Machine,User ID,Username,By,Reference');
    const rows = lines.map((line) => line.split(','));
    expect(rows.map((r) => Number(r[3])).sort((x, y) => x - y)).toEqual(inside.map((e) => e.amount).sort((x, y) => x - y));
    expect(rows[0]!.slice(1, 4)).toEqual(['2024-02-01 00:00:00', 'topup', '10000']);
    expect(rows.at(-1)!.slice(1, 4)).toEqual(['2024-02-29 23:59:59', 'topup', '99999']);
    expect(rows.map((r) => r[1])).toEqual(rows.map((r) => r[1]).sort());

    // The list's filters hold in the export too; the list takes the same range.
    const onlyB = await asAdmin(`/api/admin/transactions/export?from=2024-02-01&to=2024-02-29&userId=${b}&type=topup`);
    expect(onlyB.text.trimEnd().split('\r\n').length - 1).toBe(inside.filter((e) => e.user === b).length);
    const listed = await allPages<Row>(`/api/admin/transactions?from=2024-02-29&to=2024-02-29&userId=${a}`);
    expect(listed.map((r) => r.amount)).toEqual([99_999, ...inside.filter((e) => e.user === a && e.at >= '2024-02-28T16:00:00.000Z' && e.amount !== 99_999).map((e) => e.amount).reverse()]);
  });

  it('refuses a range without its days, backwards or longer than a year, with the field to fix', async () => {
    expect(await asAdmin('/api/admin/transactions/export?to=2024-02-29')).toMatchObject({ status: 400, body: { fields: { from: 'Enter the first day (YYYY-MM-DD)' } } });
    expect(await asAdmin('/api/admin/transactions/export?from=2024-03-01&to=2024-02-29')).toMatchObject({ status: 400, body: { fields: { to: 'The end is before the start' } } });
    expect(await asAdmin('/api/admin/transactions/export?from=2023-01-01&to=2024-02-29')).toMatchObject({ status: 400, body: { fields: { from: 'At most 366 days at once' } } });
    expect(await asAdmin('/api/admin/transactions/export?from=2024-02-01&to=2024-02-29', { headers: { 'accept-language': 'id' } })).toMatchObject({ status: 200 });
  });
});
