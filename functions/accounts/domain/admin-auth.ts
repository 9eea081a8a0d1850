import { staffRoleOf } from '@shared/roles';
import type { AdminIdentity } from '@shared/schemas/user';
import type { AdminAuthenticator } from '../ports/admin-auth';
import { unauthorized } from '../../platform/domain/errors';
import * as texts from './texts';
import type { SignedInPerson } from '../../platform/ports/caller-directory';

const ADMIN_GROUP = 'admin';
const ADMIN_ROLE = 'admin' as const;

/** A member of staff as the HTTP layer knows them: the person and the groups the identity provider put them in. */
type Staff = Pick<SignedInPerson, 'email' | 'username'> & { groups: string[] };

/** The readable name of an administrator: the e-mail they sign in with, else the provider's user name. */
const adminName = (identity: Pick<Staff, 'email' | 'username'>) => identity.email ?? identity.username;

/**
 * Who to record on ledger entries and audit records: '<role>:<username>', e.g. 'admin:ayu@…' or 'technician:made@…'
 * on the routes technicians may call too (the route table's auth lets no one else through).
 */
export const adminActor = (identity: Staff) => `${staffRoleOf(identity.groups) ?? ADMIN_ROLE}:${adminName(identity)}`;

/** The console user and the role their groups give them (the console shows each role its own pages). */
export const adminIdentity = (identity: Staff): AdminIdentity => ({ username: adminName(identity), role: staffRoleOf(identity.groups) ?? ADMIN_ROLE });

/**
 * The script login of docs/design.md, "API calls", backed by the identity provider. A wrong password and the right password
 * of someone outside the admin group get the same 401 'Invalid credentials', so the public login cannot be used to
 * test passwords of app users (docs/infrastructure.md, "Admin login"). An account with TOTP enrolled (every admin who
 * moves money: docs/architecture.md, "Roles") sends the current code of its authenticator app as `code`.
 */
export async function adminSignIn(username: string, password: string, code: string | undefined, auth: AdminAuthenticator) {
  const outcome = await auth.signIn(username.trim(), password, code);
  if ('refused' in outcome) {
    if (outcome.refused === 'code-required') throw unauthorized(texts.totpCodeRequired);
    if (outcome.refused === 'another-step') throw unauthorized(texts.signInAnotherStep(outcome.challenge));
    throw unauthorized(texts.invalidCredentials);
  }
  const { session } = outcome;
  if (!session.groups.includes(ADMIN_GROUP)) throw unauthorized(texts.invalidCredentials);
  return {
    username: session.email ?? session.username,
    role: ADMIN_ROLE,
    idToken: session.idToken,
    accessToken: session.accessToken,
    expiresIn: session.expiresIn,
  };
}
