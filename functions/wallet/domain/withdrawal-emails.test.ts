import { describe, expect, it } from 'vitest';
import type { PayoutLine } from '@shared/schemas/withdrawal';
import { renderEmail } from '../../platform/domain/email-template';
import { payoutNoticeEmail, payoutOutcomeEmail, refundEmail } from './withdrawal-emails';

// 06:30 in Bali on 2 Oct is still 1 Oct in UTC: the e-mail's day is Bali's.
const refund = { orderId: 'TU-1', paymentMethod: 'gopay', paidAt: '2026-10-01T22:30:00.000Z', paid: 100_000, amount: 62_500 } as const;
const line = (over: Partial<PayoutLine>): PayoutLine => ({ amountIdr: 25_000, reason: 'window_passed', orderId: 'TU-2', paymentMethod: 'qris', paidAt: '2026-10-01T03:00:00.000Z', refundableUntil: '2026-10-08T03:00:00.000Z', detail: null, ...over });

describe('the wallet e-mails', () => {
  it("a refund names the payment and its day on Bali's calendar in the language's style", () => {
    expect(renderEmail(refundEmail, { withdrawalId: 'WD-1', refund }, 'en')).toEqual({
      subject: 'Bali Refill: Rp 62.500 refunded to your GoPay',
      text: 'We refunded Rp 62.500 of your unused Bali Refill balance to the GoPay payment you topped up with on 2 Oct 2026 (Rp 100.000).\nRefunds reach your e-wallet or bank within a few days, depending on the provider.\n\nWithdrawal: WD-1\nTop-up: TU-1',
    });
    const id = renderEmail(refundEmail, { withdrawalId: 'WD-1', refund }, 'id');
    expect(id.subject).toBe('Bali Refill: Rp 62.500 dikembalikan ke GoPay Anda');
    expect(id.text).toContain('isi saldo pada 2 Okt 2026 (Rp 100.000)');
  });

  it('the payout notice totals its lines, says why each, and where it goes (or that we will ask)', () => {
    const lines = [line({}), line({ amountIdr: 1_250_000, reason: 'gateway_refused', paymentMethod: 'card', detail: 'card expired' })];
    const en = renderEmail(payoutNoticeEmail, { withdrawalId: 'WD-1', lines, to: 'DANA •••7891' }, 'en');
    expect(en.subject).toBe('Bali Refill: Rp 1.275.000 will be paid out to you');
    expect(en.text).toContain('Our team will pay it out to DANA •••7891 and');
    expect(en.text).toContain('- Rp 25.000: QRIS refunds are possible for 7 days; this top-up of 1 Oct 2026 could be refunded until 8 Oct 2026.');
    expect(en.text).toContain('- Rp 1.250.000: The payment provider refused the refund: card expired.');
    const id = renderEmail(payoutNoticeEmail, { withdrawalId: 'WD-1', lines, to: null }, 'id');
    expect(id.subject).toBe('Bali Refill: Rp 1.275.000 akan dibayarkan kepada Anda');
    expect(id.text).toContain('membayarkannya kepada Anda (kami akan menanyakan tujuannya)');
    expect(id.text).toContain('isi saldo tanggal 1 Okt 2026 ini bisa dikembalikan sampai 8 Okt 2026.');
  });

  it("the payout's outcome: sent under its reference, or back in the wallet, with the admin's note after a blank line", () => {
    const paid = { withdrawalId: 'WD-1', amountIdr: 10_000, outcome: 'paid', to: 'DANA •••7891', transferReference: 'DANA-42', note: '' } as const;
    expect(renderEmail(payoutOutcomeEmail, paid, 'en').text).toBe('We sent you Rp 10.000 to DANA •••7891, the part of your withdrawal WD-1 that could not be refunded automatically. Transfer reference: DANA-42.');
    const returned = renderEmail(payoutOutcomeEmail, { ...paid, outcome: 'returned', to: null, transferReference: null, note: 'Give another number.' }, 'id');
    expect(returned).toEqual({
      subject: 'Bali Refill: pembayaran Anda sebesar Rp 10.000',
      text: 'Rp 10.000 dari penarikan WD-1 yang tidak dapat dikembalikan secara otomatis sudah kembali ke dompet Bali Refill Anda.\n\nGive another number.',
    });
  });
});
