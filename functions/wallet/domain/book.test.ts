import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../ports/ledger';
import { bookAccountOf, bookDay, journalCsv, journalOf, SUSPENSE_ACCOUNT } from './book';

const at = '2026-11-27T16:30:00.000Z';
let next = 0;
const entry = (fields: Partial<LedgerEntry> & Pick<LedgerEntry, 'userId' | 'type' | 'amount' | 'idempotencyKey'>): LedgerEntry =>
  ({ id: String(next++), balanceAfter: 0, reference: 'ref', actor: 'test', createdAt: at, ...fields });

/** A day with one of each movement: a top-up that repays a debt, a vend, a late charge partly owed, a claim, a transfer, a refund. */
const day: LedgerEntry[] = [
  entry({ userId: 'ana', type: 'topup', amount: 20_000, idempotencyKey: 'order-1', counter: 'gateway', reference: 'order-1' }),
  entry({ userId: 'ana', type: 'repayment', amount: -700, owed: -700, idempotencyKey: 'order-1' }),
  entry({ userId: 'ana', type: 'purchase', amount: -1_500, idempotencyKey: 'settle:s1', counter: 'revenue:HRL-00001' }),
  entry({ userId: 'ana', type: 'purchase', amount: -300, idempotencyKey: 'late:s2', counter: 'revenue:HRL-00002' }),
  entry({ userId: 'ana', type: 'receivable', amount: 0, owed: 200, idempotencyKey: 'late:s2', counter: 'revenue:HRL-00002' }),
  entry({ userId: 'ana', type: 'refund', amount: 500, idempotencyKey: 'claim:s1', counter: 'claims' }),
  entry({ userId: 'ana', type: 'adjustment', amount: -5_000, idempotencyKey: 'wd', reference: 'WD-1' }),
  entry({ userId: 'WD-1', type: 'adjustment', amount: 5_000, idempotencyKey: 'wd', reference: 'WD-1' }),
  entry({ userId: 'WD-1', type: 'adjustment', amount: -5_000, idempotencyKey: 'refund:order-1:WD-1', counter: 'gateway', reference: 'order-1' }),
];

describe('the journal', () => {
  it('reads every entry as balanced double-entry lines against the accounts of the book', () => {
    const journal = journalOf(day);
    expect(journal.unbalanced).toEqual([]);
    expect(journal.transactions).toBe(6);
    const net = new Map<string, number>();
    for (const l of journal.lines) net.set(l.account, (net.get(l.account) ?? 0) + l.debit - l.credit);
    expect(Object.fromEntries(net)).toEqual({
      gateway: 15_000,
      'wallet:ana': -13_000,
      'receivable:ana': -500,
      'revenue:HRL-00001': -1_500,
      'revenue:HRL-00002': -500,
      claims: 500,
      'withdrawal:WD-1': 0,
    });
    expect([...net.values()].reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('puts the difference of a transaction that does not balance on the suspense account, and names it', () => {
    const journal = journalOf([entry({ userId: 'ana', type: 'adjustment', amount: 900, idempotencyKey: 'lost' })]);
    expect(journal.unbalanced).toEqual(['lost']);
    expect(journal.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([['wallet:ana', 0, 900], [SUSPENSE_ACCOUNT, 900, 0]]);
  });

  it('names each account the book keeps on the table', () => {
    expect(['sub-1', 'GUEST-ord-9', 'REFUNDING-ord-9-unused', 'WD-0123456789abcdef01234567'].map(bookAccountOf)).toEqual([
      'wallet:sub-1', 'guest-order:ord-9', 'refund-in-flight:ord-9-unused', 'withdrawal:WD-0123456789abcdef01234567',
    ]);
  });

  it('is the CSV an accountant imports: Bali time, one line per account, empty cells rather than zeros', () => {
    const csv = journalCsv(journalOf(day.slice(0, 1)).lines);
    expect(csv.split('\r\n')).toEqual([
      'Date (Bali time),Transaction,Account,Debit (IDR),Credit (IDR),Reference',
      '2026-11-28 00:30:00,order-1,wallet:ana,,20000,order-1',
      '2026-11-28 00:30:00,order-1,gateway,20000,,order-1',
      '',
    ]);
  });
});

describe("the Book page's day", () => {
  it('sums the journal per kind of account', () => {
    const summary = bookDay('2026-11-28', journalOf(day), { users: 1, count: {}, sum: { topup: 20_000, purchase: -1_800 }, dispensedMl: 0, owed: 200 });
    expect(summary).toEqual({
      date: '2026-11-28',
      gatewayIn: 20_000,
      refundsOut: 5_000,
      revenue: [{ stationId: 'HRL-00001', amount: 1_500 }, { stationId: 'HRL-00002', amount: 500 }],
      walletsChange: 13_000,
      inFlightChange: 0,
      receivablesChange: -500,
      claims: 500,
      goodwill: 0,
      manualPayouts: 0,
      debits: summary.credits,
      credits: 33_200,
      transactions: 6,
      unbalanced: 0,
      now: { held: 18_200, owed: 200 },
    });
  });
});
