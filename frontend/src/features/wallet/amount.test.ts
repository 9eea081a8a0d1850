import { describe, expect, it } from 'vitest';
import { chosenAmount, digitsOnly, isBelowMinimum, minimumMessage, pendingInstruction } from './amount';

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
    expect(minimumMessage()).toBe('Minimum top up amount is Rp 10.000');
  });

  it('tells the customer what to do while pending', () => {
    expect(pendingInstruction('gopay', true, true)).toMatch(/open your e-wallet app/i);
    expect(pendingInstruction('gopay', true, false)).toMatch(/scan/);
    expect(pendingInstruction('ovo', false, true)).toMatch(/OVO/);
    expect(pendingInstruction('qris', false, false)).toMatch(/QRIS/);
  });
});
