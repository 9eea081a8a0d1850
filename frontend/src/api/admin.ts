import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { RouteBody, RouteQuery, RouteResponse } from '@shared/routes';
import { ADMIN_USERS_PAGE } from '@shared/constants';
import type { HostRequest } from '@shared/schemas/host-request';
import type { AdminIdentity } from '@shared/schemas/user';
import type { Settings } from '@shared/schemas/settings';
import type { transactionTypes } from '@shared/schemas/transaction';
import { staffRoleOf } from '@shared/roles';
import { authedApi, authedApiText, loadAuth } from './auth';

/** Host requests per page of the admin tab. */
const HOST_REQUESTS_PAGE = 25;
import { api, ApiRequestError } from './client';
import { stationQueries } from './stations';

/**
 * The admin console's calls, all with the Cognito ID token of the signed-in administrator (api/auth.ts).
 * Query keys start with 'admin' so that signing out can forget them all at once.
 */

/**
 * The admin session check: null when nobody is signed in, the account is no console user (401/403), or it is an
 * administrator without TOTP, whom the login has enrol it first (docs/architecture.md, "Roles"). A customer's token
 * names no console group: their pages (a station's, where staff check in) do not ask the server at all, which would
 * answer 403. The server decides; the groups only spare the call.
 */
async function fetchAdminIdentity(signal?: AbortSignal): Promise<AdminIdentity | null> {
  const auth = await loadAuth();
  if (!(await auth.getIdToken()) || !staffRoleOf(await auth.currentGroups())) return null;
  let identity: AdminIdentity;
  try {
    identity = await api('adminAuthCheck', { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
  return identity.role === 'admin' && !(await auth.hasTotp()) ? null : identity;
}

/** The console's transaction filters; `from` and `to` are days in Bali (YYYY-MM-DD), both included. */
export type TransactionFilters = { type?: (typeof transactionTypes)[number]; userId?: string; machineId?: string; from?: string; to?: string };

/** Every transaction of a range with the filters, as the API's CSV file (its text). */
export function useExportTransactions() {
  return useMutation({ mutationFn: (filters: TransactionFilters & { from: string; to: string }) => authedApiText('adminExportTransactions', { query: filters }) });
}

/** The journal of one day in Bali (YYYY-MM-DD), as the API's CSV file (its text): what an accountant imports. */
export function useJournalDownload() {
  return useMutation({ mutationFn: (date: string) => authedApiText('adminJournal', { query: { date } }) });
}

/**
 * Prefix keys: invalidating one refreshes every query under it; signing out forgets `all` (api/admin-session.ts).
 */
export const adminKeys = {
  all: ['admin'] as const,
  transactions: ['admin', 'transactions'] as const,
  users: ['admin', 'users'] as const,
  claims: ['admin', 'claims'] as const,
  reports: ['admin', 'reports'] as const,
  /** A station's page: the station and everything the page shows of it (its events, host, water safety). */
  station: (id: string) => ['admin', 'station', id] as const,
};

export const adminQueries = {
  /** No retry: a failed check means signed out (docs/design.md, "API calls": GET /api/admin/auth/check, no retry). */
  session: () => queryOptions({ queryKey: ['admin', 'session'] as const, queryFn: ({ signal }) => fetchAdminIdentity(signal), retry: false }),
  stats: () => queryOptions({ queryKey: ['admin', 'stats'] as const, queryFn: ({ signal }) => authedApi('adminStats', { signal }) }),
  machines: () => queryOptions({ queryKey: ['admin', 'machines'] as const, queryFn: ({ signal }) => authedApi('adminListMachines', { signal }) }),
  /** First 10 users (docs/design.md, "Constants"), then 10 more per 'Load more'. */
  users: (search: string) =>
    infiniteQueryOptions({
      queryKey: ['admin', 'users', search] as const,
      queryFn: ({ signal, pageParam }) => authedApi('adminListUsers', { signal, query: { limit: ADMIN_USERS_PAGE, search: search || undefined, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  /** 20 rows a page; the console's loader asks for the same first page the tab shows. */
  transactions: (filters: TransactionFilters, cursor: string | undefined, limit = 20) =>
    queryOptions({
      queryKey: ['admin', 'transactions', filters, cursor ?? null, limit] as const,
      queryFn: ({ signal }) => authedApi('adminListTransactions', { signal, query: { ...filters, cursor, limit } }),
    }),
  /** 25 host requests at a time, newest first, then 25 more per 'Load more'. */
  hostRequests: () =>
    infiniteQueryOptions({
      queryKey: ['admin', 'host-requests'] as const,
      queryFn: ({ signal, pageParam }) => authedApi('adminListHostRequests', { signal, query: { limit: HOST_REQUESTS_PAGE, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  /** The claims waiting for a decision (oldest first), read again whenever the queue shows. */
  pendingClaims: () =>
    queryOptions({ queryKey: ['admin', 'claims', 'pending'] as const, queryFn: ({ signal }) => authedApi('adminListClaims', { signal, query: { status: 'pending', limit: 50 } }), refetchOnMount: 'always' }),
  /** How many claims wait for a decision (the queue's badge), read again after each decision (['admin', 'claims']). */
  claimCounts: () =>
    queryOptions({ queryKey: ['admin', 'claims', 'counts'] as const, queryFn: ({ signal }) => authedApi('adminClaimCounts', { signal }), refetchInterval: 60_000 }),
  /** One claim with the station's telemetry around its vend. */
  claim: (sessionId: string) =>
    queryOptions({ queryKey: ['admin', 'claims', 'detail', sessionId] as const, queryFn: ({ signal }) => authedApi('adminGetClaim', { signal, params: { id: sessionId } }) }),
  /** The first 50 open vend incidents (oldest first), read again whenever the panel shows: they wait for a person. */
  incidents: () =>
    queryOptions({ queryKey: ['admin', 'incidents'] as const, queryFn: ({ signal }) => authedApi('adminListIncidents', { signal, query: { limit: 50 } }), refetchOnMount: 'always' }),
  /** One day of the book (a Bali day, YYYY-MM-DD): the Book page's figures (docs/architecture.md, "The book"). */
  bookDay: (date: string) => queryOptions({ queryKey: ['admin', 'book', date] as const, queryFn: ({ signal }) => authedApi('adminBookDay', { signal, query: { date } }) }),
  settings: () => queryOptions({ queryKey: ['admin', 'settings'] as const, queryFn: ({ signal }) => authedApi('adminGetSettings', { signal }) }),
  settingsHistory: () =>
    queryOptions({ queryKey: ['admin', 'settings', 'history'] as const, queryFn: ({ signal }) => authedApi('adminSettingsHistory', { signal, query: { limit: 8 } }) }),
  /** Problem reports of one status (docs/stations.md); under adminKeys.reports. */
  reports: (status: RouteQuery<'adminListProblemReports'>['status']) =>
    queryOptions({ queryKey: [...adminKeys.reports, status] as const, queryFn: ({ signal }) => authedApi('adminListProblemReports', { signal, query: { status } }) }),
  payouts: (status: RouteQuery<'adminListPayouts'>['status']) =>
    queryOptions({ queryKey: ['admin', 'payouts', status] as const, queryFn: ({ signal }) => authedApi('adminListPayouts', { signal, query: { status } }) }),
  heldGuestRefunds: () => queryOptions({ queryKey: ['admin', 'guest-refunds'] as const, queryFn: ({ signal }) => authedApi('adminListHeldGuestRefunds', { signal }) }),
  /** The station of a station page (the public route: a technician sees the page too). */
  station: (id: string) => queryOptions({ queryKey: adminKeys.station(id), queryFn: ({ signal }) => api('getMachine', { signal, params: { id } }), retry: false }),
  stationEvents: (id: string) =>
    queryOptions({ queryKey: [...adminKeys.station(id), 'events'] as const, queryFn: ({ signal }) => authedApi('adminMachineEvents', { signal, params: { id }, query: { limit: 20 } }) }),
  stationHost: (id: string) =>
    queryOptions({ queryKey: [...adminKeys.station(id), 'host'] as const, queryFn: ({ signal }) => authedApi('adminGetMachineHost', { signal, params: { id } }) }),
  /** A host's monthly report (YYYY-MM), on /host; under 'admin' so that signing out forgets it. */
  hostReport: (month: string) => queryOptions({ queryKey: ['admin', 'host', month] as const, queryFn: ({ signal }) => authedApi('hostImpactReport', { signal, query: { month } }) }),
  geocode: (q: string) =>
    queryOptions({ queryKey: ['admin', 'geocode', q] as const, queryFn: ({ signal }) => authedApi('geocode', { signal, query: { q } }), staleTime: 5 * 60_000 }),
};

/** What a screen adds to a mutation hook: its own reaction, after the hook has refreshed what the change moved. */
export type Reactions<TData, TVariables> = Pick<UseMutationOptions<TData, Error, TVariables>, 'onMutate' | 'onSuccess' | 'onError' | 'onSettled'>;

/** A console mutation that reads `refresh`'s queries again before the screen's own onSuccess runs. */
export function useAdminMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refresh: (queryClient: QueryClient) => Promise<unknown>,
  reactions: Reactions<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables>({
    ...reactions,
    mutationFn,
    onSuccess: async (...args) => {
      await refresh(queryClient);
      await reactions.onSuccess?.(...args);
    },
  });
}

/** A change of the fleet: the console's list, the public lists and the summary cards. */
const refreshFleet = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: adminQueries.machines().queryKey }), queryClient.invalidateQueries({ queryKey: stationQueries.all().queryKey }), refreshStats(queryClient)]);

/** A change of the money: the list it belongs to, the transactions and the summary cards. */
const refreshMoney = (queryClient: QueryClient, list: readonly string[]) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: list }), queryClient.invalidateQueries({ queryKey: adminKeys.transactions }), refreshStats(queryClient)]);

/** Checks in at a station from where the phone is (`position` asks it); the station's events show the check-in. */
export const useCheckIn = (stationId: string, position: () => Promise<{ latitude: number; longitude: number; accuracyMetres: number }>) =>
  useAdminMutation(
    async () => authedApi('adminCheckIn', { params: { id: stationId }, body: await position() }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: adminQueries.stationEvents(stationId).queryKey }),
  );

export const useCreateMachine = (reactions?: Reactions<RouteResponse<'adminCreateMachine'>, RouteBody<'adminCreateMachine'>>) =>
  useAdminMutation((body: RouteBody<'adminCreateMachine'>) => authedApi('adminCreateMachine', { body }), refreshFleet, reactions);

export const useUpdateMachine = (id: string, reactions?: Reactions<RouteResponse<'adminUpdateMachine'>, RouteBody<'adminUpdateMachine'>>) =>
  useAdminMutation((body: RouteBody<'adminUpdateMachine'>) => authedApi('adminUpdateMachine', { params: { id }, body }), refreshFleet, reactions);

export const useResolveIncident = (sessionId: string, reactions?: Reactions<RouteResponse<'adminResolveIncident'>, RouteBody<'adminResolveIncident'>>) =>
  useAdminMutation(
    (body: RouteBody<'adminResolveIncident'>) => authedApi('adminResolveIncident', { params: { id: sessionId }, body }),
    (queryClient) => refreshMoney(queryClient, adminQueries.incidents().queryKey),
    reactions,
  );

export const useResolveClaim = (sessionId: string, reactions?: Reactions<RouteResponse<'adminResolveClaim'>, RouteBody<'adminResolveClaim'>>) =>
  useAdminMutation(
    (body: RouteBody<'adminResolveClaim'>) => authedApi('adminResolveClaim', { params: { id: sessionId }, body }),
    (queryClient) => refreshMoney(queryClient, adminKeys.claims),
    reactions,
  );

/** A user's profile and balance; the key makes a retried save one adjustment (a new one per reload of the user). */
export const useUpdateUser = (id: string, idempotencyKey: () => string, reactions?: Reactions<RouteResponse<'adminUpdateUser'>, RouteBody<'adminUpdateUser'>>) =>
  useAdminMutation(
    (body: RouteBody<'adminUpdateUser'>) => authedApi('adminUpdateUser', { params: { id }, body, headers: { 'idempotency-key': idempotencyKey() } }),
    (queryClient) => refreshMoney(queryClient, adminKeys.users),
    reactions,
  );

/** Links the station to its host's account (or unlinks it, with null); the page shows the saved link at once. */
export function useSetStationHost(id: string, reactions?: Reactions<RouteResponse<'adminSetMachineHost'>, { hostEmail: string; businessName: string } | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (link: { hostEmail: string; businessName: string } | null) => authedApi('adminSetMachineHost', { params: { id }, body: link ?? { hostEmail: null } }),
    onSuccess: (saved, ...rest) => {
      queryClient.setQueryData(adminQueries.stationHost(id).queryKey, saved);
      return reactions?.onSuccess?.(saved, ...rest);
    },
  });
}

/** The host requests' list, after one of them changed or went. */
const refreshHostRequests = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: adminQueries.hostRequests().queryKey });

export const useUpdateHostRequest = (reactions?: Reactions<RouteResponse<'adminUpdateHostRequest'>, { request: HostRequest; patch: RouteBody<'adminUpdateHostRequest'> }>) =>
  useAdminMutation(
    ({ request, patch }: { request: HostRequest; patch: RouteBody<'adminUpdateHostRequest'> }) => authedApi('adminUpdateHostRequest', { params: { id: request.id }, body: patch }),
    refreshHostRequests,
    reactions,
  );

export const useDeleteHostRequest = (reactions?: Reactions<RouteResponse<'adminDeleteHostRequest'>, HostRequest>) =>
  useAdminMutation((request: HostRequest) => authedApi('adminDeleteHostRequest', { params: { id: request.id } }), refreshHostRequests, reactions);

/** Saves every setting at once (`kind`: saved as edited, or the defaults restored); the form and its history show the saved values. */
export function useSaveSettings(reactions?: Reactions<Settings, { values: Settings; kind: 'save' | 'reset' }>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: ({ values }: { values: Settings; kind: 'save' | 'reset' }) => authedApi('adminPutSettings', { body: values }),
    onSuccess: async (saved, ...rest) => {
      queryClient.setQueryData(adminQueries.settings().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: adminQueries.settingsHistory().queryKey });
      await reactions?.onSuccess?.(saved, ...rest);
    },
  });
}

/** Reads a user again (GET /api/admin/users/{id}), for a decision on the balance as it is now. */
export const useReloadUser = (id: string, reactions?: Reactions<RouteResponse<'adminGetUser'>, void>) =>
  useMutation({ ...reactions, mutationFn: () => authedApi('adminGetUser', { params: { id } }) });

/** After a change that moves the summary cards. */
export const refreshStats = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: adminQueries.stats().queryKey });
