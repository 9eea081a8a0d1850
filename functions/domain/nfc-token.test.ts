import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { issueNfcToken } from './nfc-token';
import { memoryVendWorld } from './vend.test-fakes';

/** NFC tokens: the profile made on first call, the minimum balance. */

describe('NFC token issuance', () => {
  it('creates the user on first call and refuses below the minimum balance with 409', async () => {
    const w = await memoryVendWorld();
    const holder = { sub: 'u1', username: 'u1@example.com', email: 'u1@example.com', givenName: 'Ketut', familyName: null };
    const error = await issueNfcToken(holder, w).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect(w.users.items.get('u1')).toMatchObject({ firstName: 'Ketut', balance: 0 });
    w.users.items.get('u1')!.balance = 2_000;
    const { token, expiresAt } = await issueNfcToken(holder, w);
    expect(Date.parse(expiresAt) - w.clock.now().getTime()).toBe(300_000);
    expect(token.split('.')).toHaveLength(3);
  });
});
