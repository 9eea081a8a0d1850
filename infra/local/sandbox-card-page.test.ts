import { describe, expect, it } from 'vitest';
import { hostedPageHtml, hostedPageLanguage } from './sandbox-control';

/** The sandbox's hosted card page speaks the payer's language (docs/payments.md, "Paying as a foreigner"). */
describe("the sandbox's card page", () => {
  const payment = { amount: 25_000, returnUrl: 'https://refill.example/app?topup=TU-1', language: null };

  it("speaks the language the order was made in, whatever the browser's; without one, the browser's", () => {
    expect(hostedPageLanguage({ ...payment, language: 'id' }, 'en-US,en;q=0.9')).toBe('id');
    expect(hostedPageLanguage({ ...payment, language: 'en' }, 'id-ID')).toBe('en');
    expect(hostedPageLanguage(payment, 'id-ID,id;q=0.9,en;q=0.8')).toBe('id');
    expect(hostedPageLanguage(payment, undefined)).toBe('en');
  });

  it('says the amount, the button and the way back in that language', () => {
    const id = hostedPageHtml('TU-1', payment, 'id');
    expect(id).toContain('<html lang="id">');
    expect(id).toContain('Bayar Rp 25.000 dengan kartu');
    expect(id).toContain('>Batal dan kembali</a>');
    const en = hostedPageHtml('TU-1', payment, 'en');
    expect(en).toContain('Pay Rp 25.000 by card');
    expect(en).toContain('>Cancel and go back</a>');
    // No order page to go back to: no way back offered.
    expect(hostedPageHtml('TU-1', { ...payment, returnUrl: null }, 'id')).not.toContain('Batal');
  });
});
