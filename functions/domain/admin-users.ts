import { impactOfLitres } from '../../shared/impact';
import type { AdminUser, Settings } from '../../shared/schemas';
import type { AdminQueries } from '../ports/admin-queries';
import type { Ledger } from '../ports/ledger';
import type { SettingsStore } from '../ports/settings';
import type { UserRecord, Users } from '../ports/users';
import { invalid, notFound } from './errors';

/** A user as the console shows them: balance in rupiah (the UI shows points), impact from metered litres. */
export function toAdminUser(user: UserRecord, settings: Pick<Settings, 'bottleLitres' | 'co2KgPerBottle'>): AdminUser {
  const litres = (user.dispensedMl ?? 0) / 1000;
  const impact = impactOfLitres(litres, settings);
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    email: user.email ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    createdAt: user.createdAt,
    balance: user.balance,
    owed: user.owed ?? 0,
    co2Saved: impact.co2Saved,
    bottlesSaved: impact.bottlesSaved,
    environmentalImpact: { litersRefilled: litres, plasticBottlesSaved: impact.bottlesSaved, co2Saved: impact.co2Saved },
  };
}

export async function listAdminUsers(
  request: { limit: number; cursor?: string; search?: string },
  deps: { adminQueries: AdminQueries; settings: SettingsStore },
) {
  const [page, settings] = await Promise.all([deps.adminQueries.users(request), deps.settings.get()]);
  return { items: page.items.map((u) => toAdminUser(u, settings)), nextCursor: page.nextCursor };
}

export const REASON_REQUIRED = 'A reason is required to change the balance';

/**
 * Renames a user and, when the balance differs from the stored one, posts a ledger adjustment of the
 * difference with the admin's identity and reason: the balance is never overwritten. Replaying the same
 * edit (same user state, same target) is a no-op thanks to the idempotency key.
 */
export async function updateAdminUser(
  id: string,
  patch: { username: string; balance?: number; reason?: string },
  actor: string,
  deps: { users: Users; ledger: Ledger; settings: SettingsStore; clock: { now(): Date } },
  idempotencyKey?: string,
): Promise<AdminUser> {
  const current = await deps.users.get(id);
  if (!current) throw notFound('User not found');
  const reason = patch.reason?.trim() ?? '';
  const delta = patch.balance === undefined ? 0 : patch.balance - current.balance;
  if (delta !== 0 && !reason) throw invalid(REASON_REQUIRED, { reason: REASON_REQUIRED });
  if (delta !== 0) {
    const key = idempotencyKey
      ? `admin-adjustment:${id}:${idempotencyKey}`
      : `admin-adjustment:${id}:${current.updatedAt}:${current.balance}:${patch.balance}`;
    await deps.ledger.post(id, 'adjustment', delta, key, { reference: reason, actor, note: reason });
  }
  if (patch.username !== current.username) {
    const renamed = await deps.users.rename(id, patch.username, deps.clock.now().toISOString());
    if (!renamed) throw notFound('User not found');
  }
  const [updated, settings] = await Promise.all([deps.users.get(id), deps.settings.get()]);
  return toAdminUser(updated!, settings);
}
