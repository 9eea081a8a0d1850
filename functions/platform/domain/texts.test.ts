import { describe, expect, it } from 'vitest';
import { languages, type Localized } from '@shared/language';
import { DomainError } from './errors';
import * as texts from './texts';
import { storedMessageIn } from './stored-texts';

/** Every text, the ones with numbers or names filled in with a sample. */
const allTexts = Object.entries(texts).map(([name, text]): [string, Localized] => [name, typeof text === 'function' ? (text as (...args: unknown[]) => Localized)(2_500, 3) : text]);

describe('the server texts', () => {
  it.each(allTexts)('%s has a non-empty English and Indonesian text, and they differ', (_name, text) => {
    for (const language of languages) expect(text[language]?.trim()).toBeTruthy();
    expect(text.id).not.toBe(text.en);
  });
  it('name the amount as formatRupiah writes it, in both languages', () => {
    expect(texts.insufficientBalance(5_000)).toEqual({
      en: 'Insufficient balance: you need at least Rp 5.000 to refill. Top up your wallet and try again.',
      id: 'Saldo tidak cukup: Anda perlu minimal Rp 5.000 untuk mengisi air. Isi ulang dompet Anda lalu coba lagi.',
    });
  });
});

describe('a domain error', () => {
  it('keeps the English as its message and answers either language', () => {
    const error = new DomainError(409, texts.stationNotAvailable);
    expect(error.message).toBe('This station is not available right now');
    expect(error.messageIn('id')).toBe('Stasiun ini sedang tidak tersedia');
    expect(new DomainError(404, 'Machine X not found').messageIn('id')).toBe('Machine X not found');
  });
});

describe('stored messages', () => {
  it('are translated while the translation is current, and known English texts of older records too', () => {
    const composed = texts.purchasePaidTooLate(2_000, 2);
    expect(storedMessageIn({ message: composed.en, messages: composed }, 'id')).toBe(composed.id);
    // A later message (the refund's) without a translation: the stale one is not used.
    expect(storedMessageIn({ message: 'The payment was refunded', messages: composed }, 'id')).toBe('Pembayaran telah dikembalikan');
    expect(storedMessageIn({ message: 'Card declined by the bank' }, 'id')).toBe('Card declined by the bank');
    expect(storedMessageIn({ message: null }, 'id')).toBeNull();
  });
});
