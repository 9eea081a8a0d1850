import { describe, expect, it } from 'vitest';
import { MIN_TOPUP_IDR } from '@shared/constants';
import { walletTexts } from '../../i18n/wallet';
import * as indonesian from '../../i18n/id';
import { chosenAmount, digitsOnly, isBelowMinimum, pendingInstruction } from './amount';

describe('top-up amount', () => {
  it('the custom amount overrides the preset when filled in', () => {
    expect(chosenAmount(50_000, '')).toBe(50_000);
    expect(chosenAmount(50_000, '   ')).toBe(50_000);
    expect(chosenAmount(50_000, '9999')).toBe(9_999);
    expect(chosenAmount(25_000, '75.000')).toBe(75_000);
    expect(chosenAmount(25_000, 'Rp 12,500')).toBe(12_500);
  });

  it('keeps digits only', () => {
    expect(digitsOnly('00120')).toBe('120');
    expect(digitsOnly('abc')).toBe('');
    expect(digitsOnly('1234567890123')).toBe('123456789');
  });

  it('checks the minimum with the text of docs/design.md, "Error texts"', () => {
    expect(isBelowMinimum(9_999)).toBe(true);
    expect(isBelowMinimum(10_000)).toBe(false);
    expect(isBelowMinimum(Number.NaN)).toBe(true);
    expect(walletTexts.en.minimum(MIN_TOPUP_IDR)).toBe('Minimum top up amount is Rp 10,000');
    expect(indonesian.walletTexts.minimum(MIN_TOPUP_IDR)).toBe('Jumlah isi saldo minimal Rp 10.000');
  });

  it('tells the customer what to do while pending', () => {
    const en = walletTexts.en.instructions;
    expect(pendingInstruction('gopay', true, true, en)).toMatch(/open your e-wallet app/i);
    expect(pendingInstruction('gopay', true, false, en)).toMatch(/scan/);
    expect(pendingInstruction('ovo', false, true, en)).toMatch(/OVO/);
    expect(pendingInstruction('qris', false, false, en)).toMatch(/QRIS/);
    expect(pendingInstruction('card', false, true, en)).toMatch(/payment page/);
    expect(pendingInstruction('card', false, true, indonesian.walletTexts.instructions)).toMatch(/halaman pembayaran/);
    expect(pendingInstruction('google_pay', false, false, en)).toBe('Waiting for your payment to be confirmed.');
    expect(pendingInstruction('gopay', false, false, indonesian.walletTexts.instructions)).toMatch(/pindai/);
  });
});
