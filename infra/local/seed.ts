import type { Ledger } from '@functions/wallet/ports/ledger';
import type { Users } from '@functions/accounts/ports/users';
import type { Machines } from '@functions/stations/ports/machines';
import type { VendSessions } from '@functions/vending/ports/vend-sessions';
import { LOCAL_ACCOUNTS } from './identity';
import { SEED_STATIONS } from './seed-stations';

const DAY_MS = 86_400_000;
/** The stations the seeded host account is linked to (README, "Local accounts"). */
export const SEED_HOST_STATIONS = ['HRL-00002', 'HRL-00005'];
/** The seeded host's business, as its report names it. */
export const SEED_HOST_BUSINESS = 'Warung Komang';

/** Writes the seed stations that are not there yet; running it twice duplicates nothing. */
export async function seedStations(machines: Machines, now = new Date(), onProgress?: (done: number, total: number) => void) {
  let created = 0;
  let done = 0;
  for (const { refilledDaysAgo, ...station } of SEED_STATIONS) {
    const at = now.toISOString();
    const lastRefill = refilledDaysAgo === undefined ? undefined : new Date(now.getTime() - refilledDaysAgo * DAY_MS).toISOString();
    if (await machines.create({ ...station, lastRefill, createdAt: at, updatedAt: at, maxFillMl: 1500 })) created += 1;
    onProgress?.(++done, SEED_STATIONS.length);
  }
  return { created, total: SEED_STATIONS.length };
}

/**
 * The local accounts' wallets: a top-up and a refill for the user, so that the app has history to show (the refill
 * with its vend session, so that it can be claimed within 24 hours of the first start: docs/architecture.md, "Claims").
 * Fixed idempotency keys and hold ids make it safe to run at every start. The host account gets its stations (once:
 * an admin's later change stays). Every account gets its profile, as its first sign-in would make it.
 */
export async function seedAccounts(
  { users, ledger, vendSessions, machines }: { users: Users; ledger: Ledger; vendSessions: VendSessions; machines: Machines },
  accounts: { username: string; role: string; sub: string }[],
  now = new Date(),
) {
  for (const account of accounts) {
    const seeded = LOCAL_ACCOUNTS.find((a) => a.username === account.username);
    await users.ensure({ id: account.sub, username: account.username.split('@')[0]!, firstName: seeded?.givenName ?? '', lastName: seeded?.familyName ?? '', email: account.username }, now.toISOString());
    if (account.role === 'host') await seedHostStations(machines, account.username, now);
    if (account.role !== 'user') continue;
    await ledger.post(account.sub, 'topup', 50_000, `seed:topup:${account.sub}`, { reference: 'seed-order-1', actor: 'gateway', paymentMethod: 'gopay' });
    const holdId = `seed:vend:${account.sub}`;
    const hold = await ledger.getHold(holdId);
    if (!hold) await ledger.hold(account.sub, holdId, 1_500, { reference: holdId, actor: 'station:HRL-00001' });
    if (!hold || hold.status === 'open') {
      await ledger.settle(holdId, 1_500, { reference: holdId, actor: 'station:HRL-00001', machineId: 'HRL-00001', machineName: 'Seminyak Square', volumeMl: 1_500 });
    }
    const at = now.toISOString();
    await vendSessions.create({
      id: holdId, stationId: 'HRL-00001', machineName: 'Seminyak Square', userId: account.sub, tokenId: holdId, requestId: holdId, status: 'completed',
      holdAmount: 1_500, maxMl: 1_500, pricePerLitre: 1_000, createdAt: at, expiresAt: at, closedAt: at, dispensedMl: 1_500, charged: 1_500,
    });
  }
}

async function seedHostStations(machines: Machines, hostEmail: string, now: Date) {
  for (const id of SEED_HOST_STATIONS) {
    const machine = await machines.get(id);
    if (machine && !machine.hostBusiness) await machines.update(id, { hostEmail, hostBusiness: SEED_HOST_BUSINESS, updatedAt: now.toISOString() });
  }
}
