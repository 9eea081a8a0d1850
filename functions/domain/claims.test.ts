import { describe, expect, it } from 'vitest';
import type { VendSession } from '../ports/vend-sessions';
import { outcomeEmail, supportOf } from './claims';

const session = (over: Partial<VendSession>): VendSession => ({
  id: 's1', stationId: 'HRL-00001', machineName: 'Ubud', userId: 'u1', tokenId: 'j', requestId: 'r', status: 'completed', holdAmount: 1500, maxMl: 1500,
  pricePerLitre: 1000, createdAt: '2026-11-23T10:00:00.000Z', expiresAt: '2026-11-23T10:03:00.000Z', closedAt: '2026-11-23T10:01:00.000Z', dispensedMl: 350, charged: 350, ...over,
});

describe('what supports a claim', () => {
  it('nothing in a metered vend charged exactly its completion', () => {
    expect(supportOf(session({}), false)).toBeNull();
  });
  it('a failure or an incident on the session gives back the whole charge', () => {
    expect(supportOf(session({ reason: 'pump fault', settledLate: true, settledLateAfter: 'failed' }), false)).toMatchObject({ creditIdr: 350 });
    expect(supportOf(session({}), true)).toMatchObject({ creditIdr: 350 });
  });
  it('a late but metered completion after the sweep\'s expiry is a charge the station proved: no automatic credit', () => {
    expect(supportOf(session({ reason: 'not completed in time', settledLate: true, settledLateAfter: 'expired', dispensedMl: 1000, charged: 1000 }), false)).toBeNull();
    // Settled late before the record said how it had closed: reviewed by an admin, never credited on its own.
    expect(supportOf(session({ reason: 'not completed in time', settledLate: true, dispensedMl: 1000, charged: 1000 }), false)).toBeNull();
  });
  it('a charge above the completion at the session price gives back the difference', () => {
    expect(supportOf(session({ charged: 500, dispensedMl: 350, pricePerLitre: 1000 }), false)).toMatchObject({ creditIdr: 150 });
    expect(supportOf(session({ charged: 700, dispensedMl: 350, pricePerLitre: 2000 }), false)).toBeNull();
  });
});

describe('the outcome e-mail', () => {
  const base = { sessionId: 's1', userId: 'u1', stationId: 'HRL-00001', machineName: 'Ubud', kind: 'not_dispensed', note: null, chargedIdr: 350, dispensedMl: 350, pricePerLitre: 1000, vendAt: '2026-11-23T10:00:00.000Z', vendClosedAt: null, support: null, createdAt: '2026-11-23T10:05:00.000Z' } as const;
  const credited = { ...base, status: 'credited', creditedIdr: 350, resolution: { at: 'x', by: 'system', decision: 'credit', reason: 'pump fault' } } as const;
  const declined = { ...base, status: 'declined', creditedIdr: 0, resolution: { at: 'x', by: 'admin:a', decision: 'decline', reason: 'TDS normal' } } as const;

  it('says the amount or the reason in the language of the claim\'s request', () => {
    const indonesian = outcomeEmail({ ...credited, language: 'id' });
    expect(indonesian.subject).toBe('Klaim isi ulang: Rp 350 kembali ke dompet');
    expect(indonesian.text).toContain('Kami mengembalikan Rp 350');
    expect(indonesian.text).not.toContain('We credited');
    expect(outcomeEmail({ ...declined, language: 'id' }).text).toMatch(/Alasan: TDS normal$/);
    expect(outcomeEmail({ ...declined, language: 'en' })).toMatchObject({ subject: 'Your refill claim was declined', text: expect.stringMatching(/Reason: TDS normal$/) });
  });
  it('is English for a claim stored without a language', () => {
    const english = outcomeEmail(credited);
    expect(english.subject).toBe('Your refill claim: Rp 350 back in your wallet');
    expect(english.text).not.toContain('Kami');
  });
});
