import { describe, expect, it } from 'vitest';
import { Transaction } from '@shared/schemas/transaction';
import type { Ledger, LedgerEntry } from '../ports/ledger';
import type { UserRecord, Users } from '../../accounts/ports/users';
import { toTransaction, transactionsFor, transactionsOf } from './transactions';

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: 'e1', userId: 'u1', type: 'topup', amount: 50_000, balanceAfter: 50_000, reference: 'r', idempotencyKey: 'k', actor: 'gateway',
  createdAt: '2026-03-01T08:00:00.000Z', ...over,
});

describe('a ledger entry as a transaction', () => {
  it('shows a top-up with its payment method and no station', () => {
    const t = toTransaction(entry({ paymentMethod: 'gopay' }));
    expect(Transaction.parse(t)).toEqual({ id: 'e1', type: 'topup', amount: 50_000, debit: false, createdAt: '2026-03-01T08:00:00.000Z', volume: null, paymentMethod: 'gopay', machine: null });
  });
  it('shows a purchase as an absolute amount with litres and the station', () => {
    const t = toTransaction(entry({ type: 'purchase', amount: -1_500, volumeMl: 1_500, machineId: 'HRL-00001', machineName: 'Seminyak Square' }));
    expect(t).toMatchObject({ type: 'purchase', amount: 1_500, volume: 1.5, machine: { id: 'HRL-00001', name: 'Seminyak Square' } });
  });
  it('falls back to the station name rule and drops unknown payment methods', () => {
    const t = toTransaction(entry({ type: 'purchase', amount: -250, volumeMl: 250, machineId: 'HRL-00042', paymentMethod: 'cash' }));
    expect(t).toMatchObject({ machine: { id: 'HRL-00042', name: 'Station HRL-0004' }, paymentMethod: null, volume: 0.25 });
  });
  it('keeps refunds and adjustments, and refuses bookkeeping entries', () => {
    expect(toTransaction(entry({ type: 'refund', amount: 700 })).type).toBe('refund');
    expect(toTransaction(entry({ type: 'adjustment', amount: -2_000 }))).toMatchObject({ type: 'adjustment', amount: 2_000, debit: true });
    expect(() => toTransaction(entry({ type: 'hold', amount: -1_500 }))).toThrow(/not a transaction/);
  });
});

function fakeLedger(byUser: Record<string, LedgerEntry[]>) {
  const calls: { userId: string; options: { limit: number; cursor?: string; visibleOnly?: boolean } }[] = [];
  const ledger = {
    entries: async (userId: string, options: { limit: number; cursor?: string; visibleOnly?: boolean }) => {
      calls.push({ userId, options });
      if (options.cursor === 'foreign') throw Object.assign(new Error('The provided starting key is invalid'), { name: 'ValidationException' });
      return { items: byUser[userId] ?? [], nextCursor: null };
    },
  } as unknown as Ledger;
  return { ledger, calls };
}
const users = (ids: string[]) => ({ get: async (id: string) => (ids.includes(id) ? ({ id } as UserRecord) : null) }) as unknown as Users;

describe('reading transactions', () => {
  const data = { u1: [entry({ id: 'a' })], u2: [entry({ id: 'b', userId: 'u2' })] };

  it('asks the ledger for visible entries of the user only', async () => {
    const { ledger, calls } = fakeLedger(data);
    const page = await transactionsOf('u1', { limit: 5, cursor: 'c' }, ledger);
    expect(page.items.map((t) => t.id)).toEqual(['a']);
    expect(calls).toEqual([{ userId: 'u1', options: { limit: 5, cursor: 'c', visibleOnly: true } }]);
  });

  it("lets a user read their own id and refuses another user's with 403", async () => {
    const { ledger, calls } = fakeLedger(data);
    expect((await transactionsFor({ sub: 'u1', groups: [] }, 'u1', { limit: 5 }, { ledger, users: users(['u1', 'u2']) })).items[0]!.id).toBe('a');
    await expect(transactionsFor({ sub: 'u1', groups: [] }, 'u2', { limit: 5 }, { ledger, users: users(['u1', 'u2']) })).rejects.toMatchObject({ status: 403 });
    await expect(transactionsFor({ sub: 'u1', groups: ['users'] }, 'nobody', { limit: 5 }, { ledger, users: users([]) })).rejects.toMatchObject({ status: 403 });
    expect(calls.map((c) => c.userId)).toEqual(['u1']);
  });

  it("lets an admin read anyone's, with 404 for an unknown user", async () => {
    const { ledger } = fakeLedger(data);
    const admin = { sub: 'boss', groups: ['admin'] };
    expect((await transactionsFor(admin, 'u2', { limit: 5 }, { ledger, users: users(['u1', 'u2']) })).items[0]!.id).toBe('b');
    await expect(transactionsFor(admin, 'ghost', { limit: 5 }, { ledger, users: users(['u1']) })).rejects.toMatchObject({ status: 404 });
  });

  it("answers 400 for a cursor of another list", async () => {
    const { ledger } = fakeLedger(data);
    await expect(transactionsOf('u1', { limit: 5, cursor: 'foreign' }, ledger)).rejects.toMatchObject({ status: 400 });
  });
});
