import { describe, expect, it } from 'vitest';
import { appTexts } from '../../i18n/app';
import * as indonesian from '../../i18n/id';
import { formatDateTime, formatKg, formatLitres, signedAmount, transactionTitle, withdrawalParts } from './format';
import { fullName, greetingFor, initialOf, memberSince } from './person';

const en = appTexts.en.transaction;

describe('app formatting', () => {
  it('greets by the hour with cut-offs at 12 and 18', () => {
    expect([0, 11, 12, 17, 18, 23].map((hour) => greetingFor(hour, appTexts.en.greeting))).toEqual(['Good morning', 'Good morning', 'Good afternoon', 'Good afternoon', 'Good evening', 'Good evening']);
  });

  it("shows the full name, or 'User' when neither name exists", () => {
    expect(fullName({ firstName: 'Wayan', lastName: 'Sudirta' }, 'User')).toBe('Wayan Sudirta');
    expect(fullName({ firstName: 'Wayan', lastName: null }, 'User')).toBe('Wayan');
    expect(fullName({ firstName: null, lastName: 'Sudirta' }, 'User')).toBe('Sudirta');
    expect(fullName({ firstName: ' ', lastName: null }, 'User')).toBe('User');
    expect(fullName(null, 'User')).toBe('User');
  });

  it('takes the avatar initial from the first name, then the username', () => {
    expect(initialOf({ firstName: 'wayan', lastName: null, username: 'x' })).toBe('W');
    expect(initialOf({ firstName: null, lastName: null, username: 'made@example.com' })).toBe('M');
    expect(initialOf({ firstName: null, lastName: null })).toBe('U');
  });

  it('formats rows as docs/design.md, "Screens and routes" says: title, signed absolute amount, litres', () => {
    expect(transactionTitle({ type: 'purchase', machine: { id: 'HRL-00001', name: 'Seminyak Square' } }, en)).toBe('Seminyak Square');
    expect(transactionTitle({ type: 'purchase', machine: null }, en)).toBe('Water Purchase');
    expect(transactionTitle({ type: 'topup', machine: null }, en)).toBe('Top Up');
    expect(transactionTitle({ type: 'refund', machine: { id: 'HRL-00001', name: 'Seminyak Square' } }, en)).toBe('Top Up');
    expect(signedAmount({ type: 'purchase', amount: 1500 }, en)).toBe('-Rp 1.500');
    expect(signedAmount({ type: 'topup', amount: 50000 }, en)).toBe('+Rp 50.000');
    expect(signedAmount({ type: 'adjustment', amount: 2000 }, en)).toBe('+Rp 2.000');
    // A withdrawal's refund leaves the wallet: named after where it went.
    expect(signedAmount({ type: 'adjustment', amount: 15000, debit: true }, en)).toBe('-Rp 15.000');
    expect(transactionTitle({ type: 'adjustment', machine: null, debit: true, paymentMethod: 'gopay' }, en)).toBe('Refunded to GoPay');
    expect(transactionTitle({ type: 'adjustment', machine: null, debit: true, paymentMethod: null }, en)).toBe('Balance adjustment');
    expect(transactionTitle({ type: 'receivable', machine: { id: 'HRL-00001', name: 'Seminyak Square' } }, en)).toBe('Owed: Seminyak Square');
    expect(signedAmount({ type: 'receivable', amount: 300 }, en)).toBe('Rp 300 owed');
    expect(transactionTitle({ type: 'repayment', machine: null }, en)).toBe('Owed amount paid');
    expect(signedAmount({ type: 'repayment', amount: 300 }, en)).toBe('-Rp 300');
    // A guest refill kept from its receipt: the station, what it cost, no sign (paid at the station, not from the wallet).
    expect(transactionTitle({ type: 'guest_refill', machine: { id: 'HRL-00001', name: 'Seminyak Square' } }, en)).toBe('Seminyak Square');
    expect(signedAmount({ type: 'guest_refill', amount: 3000 }, en)).toBe('Rp 3.000');
    expect(formatLitres(1.5)).toBe('1.5 L');
    expect(formatKg(4.31)).toBe('4.31 kg');
  });

  it('names a withdrawal\'s rows by where the money went, never "Balance adjustment"', () => {
    const w = (refunds: { paymentMethod: 'gopay' | 'qris'; amountIdr: number }[], payoutIdr: number, payoutStatus: 'none' | 'open' | 'paid' | 'returned' = 'open') =>
      ({ step: 'withdrawn' as 'withdrawn' | 'voided' | 'payout_returned', refunds, payoutIdr, payoutTo: payoutIdr ? 'BCA •••7890' : null, payoutStatus, processing: false });
    const row = (withdrawal: ReturnType<typeof w>, debit = true) => ({ type: 'adjustment' as const, machine: null, debit, withdrawalId: 'WD-1', withdrawal });
    expect(transactionTitle(row(w([{ paymentMethod: 'gopay', amountIdr: 15_000 }], 0, 'none')), en)).toBe('Refunded to GoPay');
    expect(transactionTitle(row(w([], 20_000)), en)).toBe('Payout to BCA •••7890');
    expect(transactionTitle(row({ ...w([], 20_000), payoutTo: null }), en)).toBe('Payout by our team');
    const mixed = w([{ paymentMethod: 'gopay', amountIdr: 15_000 }, { paymentMethod: 'qris', amountIdr: 5_000 }], 20_000, 'paid');
    expect(transactionTitle(row(mixed), en)).toBe('Withdrawn');
    expect(withdrawalParts(mixed, en)).toBe('Rp 15.000 refunded to GoPay · Rp 5.000 refunded to QRIS · Rp 20.000 paid out to BCA •••7890 (sent)');
    expect(withdrawalParts(mixed, indonesian.appTexts.transaction)).toBe('Rp 15.000 dikembalikan ke GoPay · Rp 5.000 dikembalikan ke QRIS · Rp 20.000 dibayarkan ke BCA •••7890 (terkirim)');
    expect(transactionTitle(row({ ...w([], 20_000, 'returned'), step: 'payout_returned' }, false), en)).toBe('Payout returned to wallet');
    expect(transactionTitle(row({ ...w([], 20_000, 'returned'), step: 'payout_returned' }, false), indonesian.appTexts.transaction)).toBe('Pembayaran dikembalikan ke dompet');
    expect(transactionTitle(row({ ...w([], 0, 'none'), step: 'voided' }, false), en)).toBe('Back from an interrupted withdrawal');
  });

  it('speaks Indonesian with the Indonesian table', () => {
    const id = indonesian.appTexts.transaction;
    expect(greetingFor(8, indonesian.appTexts.greeting)).toBe('Selamat pagi');
    expect(transactionTitle({ type: 'topup', machine: null }, id)).toBe('Isi Saldo');
    expect(transactionTitle({ type: 'adjustment', machine: null, debit: true, paymentMethod: 'ovo' }, id)).toBe('Dikembalikan ke OVO');
    expect(signedAmount({ type: 'receivable', amount: 300 }, id)).toBe('Rp 300 terutang');
    expect(fullName(null, indonesian.appTexts.user)).toBe('Pengguna');
  });

  it("formats date and time on Bali's clock in the app's language (English here)", () => {
    expect(formatDateTime('2026-03-01T08:05:00Z')).toBe('1 Mar 2026, 16:05');
    expect(formatDateTime('not a date')).toBe('');
  });

  it("gives the year for 'Member since'", () => {
    expect(memberSince('2025-07-04T10:00:00Z')).toBe('2025');
  });
});
