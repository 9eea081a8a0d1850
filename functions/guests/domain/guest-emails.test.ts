import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../platform/domain/email-template';
import { claimReceivedEmail, receiptEmail, type ReceiptEmailData } from './guest-emails';

const receipt: ReceiptEmailData = {
  machineName: 'Warung Sari', orderId: 'GO-1', link: 'https://refill.example/r/GO-1.secret',
  dispensedMl: 1234, volumeMl: 12_000, amountIdr: 12_000, chargedIdr: 1234, refundedIdr: 10_766, bottlesSaved: 2, co2SavedKg: 0.17,
  message: null, refundRefusedReason: null,
};

describe("a guest's receipt e-mail", () => {
  it('writes litres and kilograms in the language\'s style, rupiah as the spec fixes them, and the link as given', () => {
    const en = renderEmail(receiptEmail, receipt, 'en');
    expect(en.subject).toBe('Your Bali Refill receipt: 1.234 L, refund Rp 10.766');
    expect(en.text).toContain('Water: 1.234 L of 12.000 L paid');
    expect(en.text).toContain('Plastic bottles saved: 2 (0.17 kg CO2)');
    expect(en.text).toContain('Your receipt: https://refill.example/r/GO-1.secret');
    const id = renderEmail(receiptEmail, receipt, 'id');
    expect(id.subject).toBe('Struk Bali Refill Anda: 1,234 L, dikembalikan Rp 10.766');
    expect(id.text).toContain('Air: 1,234 L dari 12,000 L yang dibayar');
    expect(id.text).toContain('Botol plastik yang dihemat: 2 (0,17 kg CO2)');
    expect(id.text).toContain('Struk Anda: https://refill.example/r/GO-1.secret');
    expect(id.text).not.toMatch(/Thank you|Refunded/);
  });

  it('says what the gateway refused and the closing note only when there is one', () => {
    expect(renderEmail(receiptEmail, receipt, 'en').text).not.toContain('could not refund');
    const refused = renderEmail(receiptEmail, { ...receipt, message: 'Nothing was charged.', refundRefusedReason: 'window passed' }, 'en').text;
    expect(refused).toContain('\n\nNothing was charged.\n\nThe payment gateway could not refund the rest (window passed).');
    expect(renderEmail(receiptEmail, { ...receipt, refundRefusedReason: 'window passed' }, 'id').text).toContain('Gerbang pembayaran tidak dapat mengembalikan sisanya (window passed).');
  });
});

describe("the acknowledgement of a guest's claim", () => {
  it('names the refill by its station and receipt in each language', () => {
    expect(renderEmail(claimReceivedEmail, { machineName: 'Warung Sari', orderId: 'GO-1' }, 'en')).toEqual({
      subject: 'We received your refill claim',
      text: 'We received your claim on the refill at Warung Sari (receipt GO-1).\nOur team looks at it within a day and answers you at this address.',
    });
    expect(renderEmail(claimReceivedEmail, { machineName: 'Warung Sari', orderId: 'GO-1' }, 'id').text).toContain('isi ulang di Warung Sari (struk GO-1).');
  });
});
