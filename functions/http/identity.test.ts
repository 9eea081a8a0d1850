import { describe, expect, it } from 'vitest';
import type { CallerAttributes } from '../platform/ports/caller-directory';
import { withDirectoryAttributes, type Identity } from './identity';

const caller = (sub: string): Identity => ({ sub, username: sub, email: null, givenName: null, familyName: null, groups: [], accessToken: `token-of-${sub}` });

describe("the caller's attributes from the directory", () => {
  it('fills in the e-mail and names an access token leaves out, asking the directory once per caller', async () => {
    const asked: string[] = [];
    const directory = () => ({ attributesOf: async (token: string): Promise<CallerAttributes> => (asked.push(token), { email: 'ketut@example.com', givenName: 'Ketut', familyName: null }) });
    expect(await withDirectoryAttributes(caller('once'), directory)).toMatchObject({ email: 'ketut@example.com', givenName: 'Ketut' });
    await withDirectoryAttributes(caller('once'), directory);
    expect(asked).toEqual(['token-of-once']);
  });

  it('answers 401 when the directory no longer honours the token, and asks again on the next call', async () => {
    let honoured = false;
    const directory = () => ({ attributesOf: async () => (honoured ? { email: 'made@example.com', givenName: null, familyName: null } : null) });
    await expect(withDirectoryAttributes(caller('revoked'), directory)).rejects.toMatchObject({ status: 401 });
    honoured = true;
    expect((await withDirectoryAttributes(caller('revoked'), directory)).email).toBe('made@example.com');
  });
});
