import type { User } from '@shared/schemas/user';
import type { Settings } from '@shared/schemas/settings';
import type { SignedInPerson } from '../../platform/ports/caller-directory';
import type { Clock } from '../../platform/ports/clock';
import type { SettingsStore } from '../../platform/ports/settings';
import type { ProfileGaps, UserRecord, Users } from '../ports/users';
import { impactOfDispensed } from './impact';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The username to store. Cognito pools that sign in by e-mail make `cognito:username` the sub (a UUID),
 * which means nothing to a person; then the e-mail address is the username.
 */
export function usernameOf(person: SignedInPerson): string {
  const name = person.username.trim();
  if (name && name !== person.sub && !UUID.test(name)) return name;
  return person.email ?? person.sub;
}

const nameOrNull = (value: string | null) => (value && value.trim() ? value.trim() : null);

const isOpaque = (username: string, sub: string) => username === sub || UUID.test(username);

/** What a stored profile lacks that this caller's token tells: the first call may have carried less. */
export function profileGaps(stored: Pick<UserRecord, 'id' | 'username' | 'email' | 'firstName' | 'lastName'>, person: SignedInPerson): ProfileGaps | null {
  const known = newProfileOf(person);
  const gaps: ProfileGaps = {};
  if (!stored.email && known.email) gaps.email = known.email;
  if (!stored.firstName && known.firstName) gaps.firstName = known.firstName;
  if (!stored.lastName && known.lastName) gaps.lastName = known.lastName;
  if (isOpaque(stored.username, stored.id) && !isOpaque(known.username, stored.id)) gaps.username = known.username;
  return Object.keys(gaps).length ? gaps : null;
}

/**
 * The caller's profile, created on the first call (the one place a profile is made) and completed by later calls
 * that know more: an access token carries no e-mail or names, an ID token does.
 */
export async function ensureProfile(person: SignedInPerson, users: Users, now: string, stored?: UserRecord | null): Promise<UserRecord> {
  const record = stored ?? (await users.ensure(newProfileOf(person), now));
  const gaps = profileGaps(record, person);
  return gaps ? ((await users.fillIn(record.id, gaps, record.username, now)) ?? record) : record;
}

/** The profile a first sign-in creates: id = token subject; names only when the token carries them. */
export function newProfileOf(person: SignedInPerson): Pick<UserRecord, 'id' | 'username' | 'firstName' | 'lastName' | 'email'> {
  return {
    id: person.sub,
    username: usernameOf(person),
    firstName: nameOrNull(person.givenName),
    lastName: nameOrNull(person.familyName),
    email: person.email,
  };
}

/** The stored user as the API shows it: balance in whole rupiah, impact derived from metered millilitres. */
export function toUser(record: UserRecord, settings: Pick<Settings, 'bottleLitres' | 'co2KgPerBottle'>): User {
  const impact = impactOfDispensed(record.dispensedMl, settings);
  return {
    id: record.id,
    username: record.username,
    firstName: record.firstName ?? null,
    lastName: record.lastName ?? null,
    email: record.email ?? null,
    profileImageUrl: record.profileImageUrl ?? null,
    createdAt: record.createdAt,
    balance: Math.max(0, Math.trunc(record.balance ?? 0)),
    owed: Math.max(0, Math.trunc(record.owed ?? 0)),
    co2Saved: impact.co2Saved,
    bottlesSaved: impact.bottlesSaved,
  };
}

/** The signed-in user, created on the first call (balance 0, nothing dispensed); later calls return the stored user. */
export async function currentUser(person: SignedInPerson, deps: { users: Users; settings: SettingsStore; clock: Clock }): Promise<User> {
  const [stored, settings] = await Promise.all([deps.users.get(person.sub), deps.settings.get()]);
  return toUser(await ensureProfile(person, deps.users, deps.clock.now().toISOString(), stored), settings);
}
