import { describe, expect, it } from 'vitest';
import * as texts from './texts';
import { storedMessageIn } from './stored-texts';

describe('stored messages', () => {
  it('are translated while the translation is current, and known English texts of older records too', () => {
    const composed = texts.purchasePaidTooLate(2_000, 2);
    expect(storedMessageIn({ message: composed.en, messages: composed }, 'id')).toBe(composed.id);
    // A later message (the refund's) without a translation: the stale one is not used.
    expect(storedMessageIn({ message: 'The payment was refunded', messages: composed }, 'id')).toBe('Pembayaran telah dikembalikan');
    // A refill's own text a payment order stored.
    expect(storedMessageIn({ message: 'The paid amount is no longer in your wallet, so the refill could not be started.' }, 'id')).toBe('Jumlah yang dibayar sudah tidak ada di dompet Anda, jadi isi ulang tidak dapat dimulai.');
    expect(storedMessageIn({ message: 'Card declined by the bank' }, 'id')).toBe('Card declined by the bank');
    expect(storedMessageIn({ message: null }, 'id')).toBeNull();
  });
});
