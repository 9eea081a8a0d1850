import { impactOfLitres } from '@shared/impact';
import type { AdminUser } from '@shared/schemas/user';
import type { Settings } from '@shared/schemas/settings';
import type { AdminQueries } from '../../system/ports/admin-queries';
import type { Ledger } from '../../wallet/ports/ledger';
import type { SettingsStore } from '../../platform/ports/settings';
import type { UserRecord, Users } from '../ports/users';
import type * as z from 'zod/mini';
import type { AdminUserPatch } from '@shared/routes/accounts';
import { notFound } from '../../platform/domain/errors';
import { fingerprintOf } from '../../wallet/domain/payment-orders';
import * as texts from './texts';

/** A user as the console shows them: balance in rupiah (the UI shows points), impact from metered litres. */
function toAdminUser(user: UserRecord, settings: Pick<Settings, 'bottleLitres' | 'co2KgPerBottle'>): AdminUser {
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

/** One user, for the console to reload before adjusting the balance. */
export async function getAdminUser(id: string, deps: { users: Users; settings: SettingsStore }): Promise<AdminUser> {
  const [user, settings] = await Promise.all([deps.users.get(id), deps.settings.get()]);
  if (!user) throw notFound(texts.userNotFound);
  return toAdminUser(user, settings);
}

/**
 * Renames a user and/or adjusts the balance by an amount in rupiah, written as a ledger adjustment with the
 * admin's identity and reason: the balance is never overwritten, and the adjustment is made only while the balance
 * is still the one the admin saw (409 'The balance changed, reload' otherwise), so a top-up that lands in between
 * is never undone. The same request again (Idempotency-Key header, or the same adjustment of the same balance)
 * is one adjustment.
 */
export async function updateAdminUser(
  id: string,
  patch: z.output<typeof AdminUserPatch>,
  actor: string,
  deps: { users: Users; ledger: Ledger; settings: SettingsStore; clock: { now(): Date } },
  idempotencyKey?: string,
): Promise<AdminUser> {
  const current = await deps.users.get(id);
  if (!current) throw notFound(texts.userNotFound);
  const { adjustment } = patch;
  if (adjustment) {
    const key = idempotencyKey
      ? `admin-adjustment:${id}:${idempotencyKey}`
      : `admin-adjustment:${id}:${adjustment.expectedBalance}:${adjustment.amount}:${fingerprintOf([adjustment.reason])}`;
    await deps.ledger.post(id, 'adjustment', adjustment.amount, key, { reference: adjustment.reason, actor, note: adjustment.reason, counter: 'goodwill' }, { expectedBalance: adjustment.expectedBalance });
  }
  if (patch.username !== current.username) {
    const renamed = await deps.users.rename(id, patch.username, deps.clock.now().toISOString());
    if (!renamed) throw notFound(texts.userNotFound);
  }
  const [updated, settings] = await Promise.all([deps.users.get(id), deps.settings.get()]);
  return toAdminUser(updated!, settings);
}
