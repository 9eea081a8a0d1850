import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '@shared/schemas/settings';
import { User } from '@shared/schemas/user';
import type { UserRecord, Users } from '../ports/users';
import { MemoryUsers } from '../../vending/domain/vend.test-fakes';
import {
  currentUser,
  ensureProfile,
  newProfileOf,
  profileGaps,
  toUser,
  usernameOf,
} from './users';
import type { SignedInPerson } from '../../platform/ports/caller-directory';

const person: SignedInPerson = { sub: '3f1c2b9e-1111-4222-8333-444455556666', username: 'made@example.com', email: 'made@example.com', givenName: 'Made', familyName: 'Wirawan' };

const deps = (users: Users, settings: Settings = defaultSettings(), now = '2026-03-01T08:00:00.000Z') => ({
  users,
  settings: { get: async () => settings, save: async (s: Settings) => s },
  clock: { now: () => new Date(now) },
});

describe('the current user', () => {
  it('is created on the first call from the token claims, with balance 0 and no impact', async () => {
    const users = new MemoryUsers();
    const user = await currentUser(person, deps(users));
    expect(User.parse(user)).toEqual({
      id: person.sub, username: 'made@example.com', firstName: 'Made', lastName: 'Wirawan', email: 'made@example.com',
      profileImageUrl: null, createdAt: '2026-03-01T08:00:00.000Z', balance: 0, owed: 0, co2Saved: 0, bottlesSaved: 0,
    });
    expect(users.items.get(person.sub)?.createdAt).toBe('2026-03-01T08:00:00.000Z');
  });

  it('is read, not created again, on later calls; the stored values win over the claims', async () => {
    const users = new MemoryUsers();
    await currentUser(person, deps(users, defaultSettings(), '2026-03-01T08:00:00.000Z'));
    users.items.set(person.sub, { ...users.items.get(person.sub)!, balance: 48_500, dispensedMl: 26_000, username: 'renamed' });
    const again = await currentUser({ ...person, givenName: 'Other' }, deps(users, defaultSettings(), '2027-01-01T00:00:00.000Z'));
    expect(users.ensures).toBe(1);
    expect(again).toMatchObject({ username: 'renamed', firstName: 'Made', createdAt: '2026-03-01T08:00:00.000Z', balance: 48_500, bottlesSaved: 52, co2Saved: 4.31 });
  });

  it('keeps names null when the token has none (cognito-local leaves them out)', async () => {
    const user = await currentUser({ ...person, givenName: null, familyName: '  ' }, deps(new MemoryUsers()));
    expect(user.firstName).toBeNull();
    expect(user.lastName).toBeNull();
  });

  it('derives impact with the factors of the settings item', () => {
    const record: UserRecord = { id: 'u', username: 'u', firstName: null, lastName: null, email: null, profileImageUrl: null, balance: 1, dispensedMl: 3_000, createdAt: 'x', updatedAt: 'x' };
    expect(toUser(record, { ...defaultSettings(), bottleLitres: 1, co2KgPerBottle: 0.5 })).toMatchObject({ bottlesSaved: 3, co2Saved: 1.5 });
  });
});

describe('the stored username', () => {
  it('is cognito:username when it is a real name', () => {
    expect(usernameOf(person)).toBe('made@example.com');
    expect(usernameOf({ ...person, username: 'wayan' })).toBe('wayan');
  });
  it('is the e-mail when cognito:username is the sub or a UUID (pools that sign in by e-mail)', () => {
    expect(usernameOf({ ...person, username: person.sub })).toBe('made@example.com');
    expect(usernameOf({ ...person, username: '0a0b0c0d-0000-4000-8000-000000000000' })).toBe('made@example.com');
    expect(usernameOf({ ...person, username: person.sub, email: null })).toBe(person.sub);
  });
  it('makes the profile of a first sign-in from the subject', () => {
    expect(newProfileOf(person)).toEqual({ id: person.sub, username: 'made@example.com', firstName: 'Made', lastName: 'Wirawan', email: 'made@example.com' });
  });
});

describe('a profile made by a call that knew little', () => {
  const accessTokenCaller: SignedInPerson = { sub: person.sub, username: person.sub, email: null, givenName: null, familyName: null };

  it('is completed by the next call that knows more: e-mail, names, a readable username, in one write', async () => {
    const users = new MemoryUsers();
    const first = await ensureProfile(accessTokenCaller, users, '2026-03-01T08:00:00.000Z');
    expect(first).toMatchObject({ username: person.sub, email: null, firstName: null });
    const user = await currentUser(person, deps(users));
    expect(user).toMatchObject({ username: 'made@example.com', email: 'made@example.com', firstName: 'Made', lastName: 'Wirawan' });
    // Nothing left to fill in: no further write.
    expect(profileGaps(users.items.get(person.sub)!, person)).toBeNull();
  });

  it("never replaces what is known, and an admin's rename wins over the token's name", async () => {
    const users = new MemoryUsers();
    await ensureProfile(person, users, '2026-03-01T08:00:00.000Z');
    users.items.set(person.sub, { ...users.items.get(person.sub)!, username: 'renamed-by-admin' });
    expect(profileGaps(users.items.get(person.sub)!, { ...person, email: 'other@example.com', givenName: 'Other' })).toBeNull();
    expect((await ensureProfile(accessTokenCaller, users, '2026-03-02T08:00:00.000Z')).username).toBe('renamed-by-admin');
  });
});
