import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { baliMonthSoFar } from '@shared/bali-time';
import { homeOf, landingAfterSignIn, staffRoleOf, type StaffRole } from '@shared/roles';
import type { CurrentUser } from '@shared/schemas/user';
import type { AdminTab } from './features/admin/search';
import { firstPaintData } from './first-paint-data';

/**
 * What the routes check and load before they render: `beforeLoad` guards (signed in, administrator) and
 * loaders that make sure the data a screen shows first is in the query cache (`ensureQueryData`), so the
 * screen renders complete, with the route's pending component meanwhile. These run in the router's first
 * chunk, so they import the API modules (the route table and zod with them) on demand.
 */

interface Context {
  context: { queryClient: QueryClient };
}

/** The signed-in user, or null: no session, a 401, or an answer that failed (docs/design.md, "States": no retry). */
export async function currentUser(queryClient: QueryClient) {
  const { userQueries } = await import('./api/user');
  return queryClient.ensureQueryData(userQueries.current()).catch(() => null);
}

/**
 * The person the app home's first paint loaded (features/app/home-first-paint.ts), put where the guard looks, so the
 * routed home replaces its frame without asking again.
 */
export async function takeFirstPaintUser(queryClient: QueryClient) {
  const [user, { userQueries }] = await Promise.all([firstPaintData<CurrentUser>(), import('./api/user')]);
  if (user) queryClient.setQueryData(userQueries.current().queryKey, user);
}

/** App routes: signed out, the home page, with this address as the return path of its sign-in links. */
export async function requireUser({ context, location }: Context & { location: ParsedLocation }) {
  const user = await currentUser(context.queryClient);
  if (!user) throw redirect({ to: '/', search: { redirect: location.href }, replace: true });
  return { user };
}

/** Sign-in screens: a visitor who is signed in already goes straight on (staff to its own home, landingAfterSignIn). */
export async function skipWhenSignedIn({ context, search }: Context & { search: { redirect?: string } }) {
  if (!(await currentUser(context.queryClient))) return;
  const { loadAuth } = await import('./api/auth');
  const groups = await (await loadAuth()).currentGroups();
  throw redirect({ href: landingAfterSignIn(staffRoleOf(groups), search.redirect), replace: true });
}

/** The administrator signed in, or null; a failed check throws (the console shows it with a way to try again). */
async function currentAdmin(queryClient: QueryClient) {
  const { adminQueries } = await import('./api/admin');
  return queryClient.ensureQueryData(adminQueries.session());
}

/**
 * Console screens for some roles (docs/architecture.md, "Roles"): someone signed out goes to the admin login, which
 * comes back here afterwards; a host goes to its own page, a technician to the stations list.
 */
const requireRoles = (roles: readonly StaffRole[]) => async ({ context, location }: Context & { location: ParsedLocation }) => {
  const admin = await currentAdmin(context.queryClient);
  if (!admin) throw redirect({ to: '/admin/login', search: { redirect: location.href }, replace: true });
  if (!roles.includes(admin.role)) throw redirect({ href: homeOf(admin.role), replace: true });
  return { admin };
};

/** Administrators only (users, money, settings, stickers). */
export const requireAdmin = requireRoles(['admin']);
/** The stations screens: administrators and technicians. */
export const requireStationStaff = requireRoles(['admin', 'technician']);
/** A host's own page. */
export const requireHost = requireRoles(['host']);

/** The admin login: an administrator signed in already goes straight on. */
export async function skipAdminLogin({ context, search }: Context & { search: { redirect?: string } }) {
  const admin = await currentAdmin(context.queryClient).catch(() => null);
  if (admin) throw redirect({ href: search.redirect ?? '/admin', replace: true });
}

/**
 * Waits for every load; one that failed is left to its screen, which shows the failure where the data goes
 * (with a way to try again) rather than replacing the whole screen.
 */
async function settle(loads: Promise<unknown>[]) {
  await Promise.allSettled(loads);
}

/** App home: the recent transactions and the impact card; the stations follow without blocking. */
export async function loadAppHome({ context: { queryClient } }: Context) {
  const [{ transactionQueries }, { impactQueries }, { stationQueries }] = await Promise.all([import('./api/transactions'), import('./api/impact'), import('./api/stations')]);
  void queryClient.prefetchQuery(stationQueries.all());
  await settle([queryClient.ensureQueryData(transactionQueries.recent()), queryClient.ensureQueryData(impactQueries.mine())]);
}

/** Transaction history: its first page. */
export async function loadHistory({ context: { queryClient } }: Context) {
  const { transactionQueries } = await import('./api/transactions');
  await settle([queryClient.ensureInfiniteQueryData(transactionQueries.history())]);
}

/** The app map: the stations. */
export async function loadStations({ context: { queryClient } }: Context) {
  const { stationQueries } = await import('./api/stations');
  await settle([queryClient.ensureQueryData(stationQueries.all())]);
}

/** The admin console: the summary cards and the open tab's first page. */
export async function loadAdmin({ context: { queryClient }, deps }: Context & { deps: { tab?: AdminTab; user?: string } }) {
  const { adminQueries } = await import('./api/admin');
  // A technician has the stations tab only, without the money totals.
  if ((await currentAdmin(queryClient))?.role !== 'admin') return settle([queryClient.ensureQueryData(adminQueries.machines())]);
  const tab = deps.tab ?? 'machines';
  const loads: Promise<unknown>[] = [queryClient.ensureQueryData(adminQueries.stats())];
  if (tab === 'machines') loads.push(queryClient.ensureQueryData(adminQueries.machines()));
  if (tab === 'users') loads.push(queryClient.ensureInfiniteQueryData(adminQueries.users('')));
  if (tab === 'transactions') {
    loads.push(queryClient.ensureQueryData(adminQueries.machines()), queryClient.ensureQueryData(adminQueries.transactions({ userId: deps.user || undefined, ...baliMonthSoFar() }, undefined)));
  }
  if (tab === 'host-requests') loads.push(queryClient.ensureInfiniteQueryData(adminQueries.hostRequests()));
  if (tab === 'system') loads.push(queryClient.ensureQueryData(adminQueries.settings()), queryClient.ensureQueryData(adminQueries.settingsHistory()));
  await settle(loads);
}
