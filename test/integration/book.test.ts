import { describe, expect, it } from 'vitest';
import { DynamoLedger } from '@functions/wallet/adapters/dynamodb/ledger';
import { randomIds } from '@functions/platform/ports/clock';
import { refundInFlightAccount } from '@functions/wallet/ports/payment-orders';
import { BookDay } from '@shared/routes/wallet';
import { asAdmin, createUser } from '../support/admin';
import { testDb } from '../support/local';

/** 2024-03-15 in Bali (2024-03-14T16:00Z to 2024-03-15T16:00Z): no other test writes then. */
const DAY = '2024-03-15';
const during = (minute: number) => new DynamoLedger(testDb().db, testDb().tableName, { now: () => new Date(Date.parse('2024-03-14T16:00:00.000Z') + minute * 60_000) }, randomIds);

const readJournal = async (date: string) => {
  const answer = await asAdmin(`/api/admin/journal?date=${date}`);
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  const [header, ...lines] = answer.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  return { answer, header, rows: lines.map((line) => line.split(',')) };
};

describe('the book of a day: GET /api/admin/journal and /api/admin/book', () => {
  it("writes every movement of the day as balanced lines on the book's accounts, and the Book page sums them", async () => {
    const ana = await createUser('book-ana');
    // A top-up, a vend settled at a station, a late charge the wallet covers only in part, a goodwill credit, and a
    // refund through the gateway set aside before it was asked: each a transaction of the day.
    await during(1).post(ana, 'topup', 10_000, `book:topup:${ana}`, { reference: `order-${ana}`, actor: 'gateway', paymentMethod: 'gopay' });
    await during(2).hold(ana, `book-hold-${ana}`, 3_000, { reference: 'vend-1', actor: ana, machineId: 'HRL-BOOK1' });
    await during(3).settle(`book-hold-${ana}`, 1_500, { reference: 'vend-1', actor: 'station:HRL-BOOK1', machineId: 'HRL-BOOK1', volumeMl: 1_500 });
    await during(4).post(ana, 'adjustment', 250, `book:goodwill:${ana}`, { reference: 'sorry', actor: 'admin:ops', counter: 'goodwill' });
    const refunding = refundInFlightAccount(`book-${ana}`);
    await during(5).transfer({ from: ana, to: refunding, amount: 4_000 }, `book:refund-pending:${ana}`, { reference: `order-${ana}`, actor: 'system' });
    await during(6).charge(refunding, 'adjustment', 4_000, `book:refund:${ana}`, { reference: `order-${ana}`, actor: 'gateway', counter: 'gateway' });
    await during(7).charge(ana, 'purchase', 6_000, `book:late:${ana}`, { reference: 'vend-2', actor: 'station:HRL-BOOK2', machineId: 'HRL-BOOK2', volumeMl: 6_000 });

    const { answer, header, rows } = await readJournal(DAY);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="bali-refill-journal-${DAY}.csv"`);
    expect(header).toBe('Date (Bali time),Transaction,Account,Debit (IDR),Credit (IDR),Reference');
    // Oldest first; the entries of one transaction share its instant, so their order within it is not given.
    const sorted = (lines: string[][]) => lines.map((r) => r.slice(0, 5)).sort((x, y) => x.join().localeCompare(y.join()));
    const mine = rows.filter((r) => r[1]!.includes(ana));
    expect(mine.map((r) => r[0])).toEqual(mine.map((r) => r[0]).sort());
    expect(sorted(mine)).toEqual(sorted([
      ['2024-03-15 00:01:00', `book:topup:${ana}`, `wallet:${ana}`, '', '10000'],
      ['2024-03-15 00:01:00', `book:topup:${ana}`, 'gateway', '10000', ''],
      ['2024-03-15 00:03:00', `settle:book-hold-${ana}`, `wallet:${ana}`, '1500', ''],
      ['2024-03-15 00:03:00', `settle:book-hold-${ana}`, 'revenue:HRL-BOOK1', '', '1500'],
      ['2024-03-15 00:04:00', `book:goodwill:${ana}`, `wallet:${ana}`, '', '250'],
      ['2024-03-15 00:04:00', `book:goodwill:${ana}`, 'goodwill', '250', ''],
      ['2024-03-15 00:05:00', `book:refund-pending:${ana}`, `wallet:${ana}`, '4000', ''],
      ['2024-03-15 00:05:00', `book:refund-pending:${ana}`, `refund-in-flight:book-${ana}`, '', '4000'],
      ['2024-03-15 00:06:00', `book:refund:${ana}`, `refund-in-flight:book-${ana}`, '4000', ''],
      ['2024-03-15 00:06:00', `book:refund:${ana}`, 'gateway', '', '4000'],
      ['2024-03-15 00:07:00', `book:late:${ana}`, `wallet:${ana}`, '4750', ''],
      ['2024-03-15 00:07:00', `book:late:${ana}`, 'revenue:HRL-BOOK2', '', '4750'],
      ['2024-03-15 00:07:00', `book:late:${ana}`, `receivable:${ana}`, '1250', ''],
      ['2024-03-15 00:07:00', `book:late:${ana}`, 'revenue:HRL-BOOK2', '', '1250'],
    ]));
    const total = (column: number) => rows.reduce((sum, r) => sum + Number(r[column] || 0), 0);
    expect(total(3)).toBe(total(4));
    expect(rows.some((r) => r[2] === 'suspense')).toBe(false);

    const book = await asAdmin(`/api/admin/book?date=${DAY}`);
    expect(book.status).toBe(200);
    expect(BookDay.parse(book.body)).toMatchObject({
      date: DAY,
      gatewayIn: 10_000,
      refundsOut: 4_000,
      revenue: [{ stationId: 'HRL-BOOK2', amount: 6_000 }, { stationId: 'HRL-BOOK1', amount: 1_500 }],
      walletsChange: 0,
      receivablesChange: 1_250,
      goodwill: 250,
      claims: 0,
      debits: total(3),
      credits: total(3),
      unbalanced: 0,
    });
  });

  it('has only its header on a day without movements, and refuses a day to come or a day that is not a date', async () => {
    const quiet = await readJournal('2024-03-17');
    expect(quiet.rows).toEqual([]);
    expect(await asAdmin('/api/admin/journal?date=2999-01-01')).toMatchObject({ status: 400, body: { fields: { date: 'This day has not begun in Bali yet' } } });
    expect(await asAdmin('/api/admin/book?date=15-03-2024')).toMatchObject({ status: 400, body: { fields: { date: 'Enter the day (YYYY-MM-DD)' } } });
  });
});
