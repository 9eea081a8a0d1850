import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../platform/domain/email-template';
import { claimOutcomeData, claimOutcomeEmail } from './claim-emails';

describe('the claim outcome e-mail', () => {
  const base = { machineName: 'Ubud', vendAt: '2026-11-23T22:30:00.000Z' } as const;
  const credited = { ...base, status: 'credited', creditedIdr: 12_350, resolution: { at: 'x', by: 'system', decision: 'credit', reason: 'pump fault' } } as const;
  const declined = { ...base, status: 'declined', creditedIdr: 0, resolution: { at: 'x', by: 'admin:a', decision: 'decline', reason: 'TDS normal' } } as const;

  it("credits a wallet's claim, naming the refill on Bali's clock in the language's style", () => {
    expect(renderEmail(claimOutcomeEmail, claimOutcomeData(credited), 'en')).toEqual({
      subject: 'Your refill claim: Rp 12.350 back in your wallet',
      text: 'We credited Rp 12.350 to your Bali Refill wallet for your refill at Ubud, 24 Nov 2026, 06:30 WITA.\nWhy: pump fault',
    });
    expect(renderEmail(claimOutcomeEmail, claimOutcomeData(credited), 'id')).toEqual({
      subject: 'Klaim isi ulang: Rp 12.350 kembali ke dompet',
      text: 'Kami mengembalikan Rp 12.350 ke dompet Bali Refill Anda untuk isi ulang di Ubud, 24 Nov 2026, 06.30 WITA.\nAlasan: pump fault',
    });
  });

  it("refunds a guest's claim to the payment, naming the refill by its receipt", () => {
    const guest = claimOutcomeData(credited, { orderId: 'GO-1', machineName: 'Canggu Beach' });
    expect(renderEmail(claimOutcomeEmail, guest, 'en')).toEqual({
      subject: 'Your refill claim: Rp 12.350 refunded',
      text: 'We refund Rp 12.350 for your refill at Canggu Beach (receipt GO-1) to the app or card you paid with.\nWhy: pump fault',
    });
    expect(renderEmail(claimOutcomeEmail, guest, 'id').text).toContain('isi ulang Anda di Canggu Beach (struk GO-1) ke aplikasi atau kartu');
  });

  it('declines with the reason as written, in either language', () => {
    expect(renderEmail(claimOutcomeEmail, claimOutcomeData(declined), 'en')).toMatchObject({ subject: 'Your refill claim was declined', text: expect.stringMatching(/Reason: TDS normal$/) });
    const indonesian = renderEmail(claimOutcomeEmail, claimOutcomeData(declined, { orderId: 'GO-2', machineName: 'Ubud' }), 'id');
    expect(indonesian.subject).toBe('Klaim isi ulang Anda ditolak');
    expect(indonesian.text).toBe('Kami memeriksa klaim Anda atas isi ulang di Ubud (struk GO-2) dan menolaknya.\nAlasan: TDS normal');
  });
});
