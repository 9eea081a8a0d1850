import type { User } from '../../shared/schemas';
import type { Settings } from '../../shared/schemas';
import type { Clock } from '../ports/clock';
import type { SettingsStore } from '../ports/settings';
import type { UserRecord, Users } from '../ports/users';
import { impactOfDispensed } from './impact';

/** Who signed in, as the verified token claims say (structurally the HTTP layer's Identity). */
export interface SignedInPerson {
  sub: string;
  username: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
}

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
  const record = stored ?? (await deps.users.ensure(newProfileOf(person), deps.clock.now().toISOString()));
  return toUser(record, settings);
}
