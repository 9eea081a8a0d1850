import { describe, expect, it } from 'vitest';
import { GuestClaimInput } from '@shared/schemas/guest';
import { contactOf } from './claim-contact';

describe("a guest claim's contact", () => {
  it('reads an e-mail address, or a WhatsApp number written as people do, in the shape the claim takes', () => {
    expect(contactOf(' wayan@example.com ')).toEqual({ email: 'wayan@example.com' });
    expect(contactOf('+62 812-3456 7890')).toEqual({ whatsapp: '+6281234567890' });
    expect(contactOf('+44 (20) 7946 0958')).toEqual({ whatsapp: '+442079460958' });
    // Without its country code a number could be anyone's: refused, as is what is neither.
    for (const text of ['0812 3456 7890', '+0812345678', '+62 81', 'wayan@', '']) expect(contactOf(text)).toBeNull();
  });

  it('is what the server accepts: at least one of them, the number in E.164 shape', () => {
    const claim = { secret: 's'.repeat(43), kind: 'dispensed_less' as const };
    for (const text of ['wayan@example.com', '+62 812-3456 7890']) expect(GuestClaimInput.safeParse({ ...claim, ...contactOf(text) }).success).toBe(true);
    const issues = (input: object) => GuestClaimInput.safeParse({ ...claim, ...input }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({})).toEqual([['contact', 'Give an e-mail address or a WhatsApp number so that we can answer']]);
    expect(issues({ whatsapp: '081234567890' })).toEqual([['whatsapp', 'A WhatsApp number with its country code, like +6281234567890']]);
  });
});
