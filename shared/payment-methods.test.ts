import { describe, expect, it } from 'vitest';
import { paymentMethodName } from './payment-methods';
import { paymentMethods } from './schemas/transaction';

describe('payment method names', () => {
  it('names every method the schema knows by its brand, a card by its networks', () => {
    for (const method of paymentMethods) expect(paymentMethodName(method)).not.toBe(method);
    expect(paymentMethods.map(paymentMethodName)).toEqual(['OVO', 'GoPay', 'QRIS', 'Google Pay', 'Apple Pay', 'Visa / Mastercard']);
  });
  it('reads a method this build does not know as stored, rather than blank', () => {
    expect(paymentMethodName('shopeepay')).toBe('shopeepay');
  });
});
