import { SignJWT, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routeIds, routes, type RouteId } from '@shared/routes';
import { type RouteDefinition } from '@shared/routes/route';
import { bearer, newAccount, signInAs } from '../support/auth';
import { apiFetch } from '../support/local';

/**
 * Who may call what, for every route of the contract. `allowed` means the identity layer lets the call
 * through (the answer may still be 400 or 404 for the empty test request); 401 and 403 are refusals.
 * The type makes a route without an entry a compile error, and the first test fails at run time too.
 */
type Answer = 'allowed' | 401 | 403;
interface Expectation {
  anonymous: Answer;
  user: Answer;
  admin: Answer;
  technician: Answer;
  host: Answer;
  /** A station presents its own credential (a token signed by a key that is not Cognito's). */
  station: Answer;
  /** A signed-in user asking for another user's resource. */
  otherUser?: 403 | 404;
}

const publicRoute: Expectation = { anonymous: 'allowed', user: 'allowed', admin: 'allowed', technician: 'allowed', host: 'allowed', station: 'allowed' };
/** Any signed-in account, technicians and hosts too: their own profile and wallet, never anyone else's. */
const userRoute: Expectation = { anonymous: 401, user: 'allowed', admin: 'allowed', technician: 'allowed', host: 'allowed', station: 401 };
/** Users, balances, money, claims, settings: administrators only. */
const adminRoute: Expectation = { anonymous: 401, user: 403, admin: 'allowed', technician: 403, host: 403, station: 401 };
/** Stations, alerts, problem reports, telemetry, water safety and check-ins: administrators and technicians. */
const fieldRoute: Expectation = { ...adminRoute, technician: 'allowed' };
/** Signing in and out of the console: every console role. */
const consoleRoute: Expectation = { ...adminRoute, technician: 'allowed', host: 'allowed' };
/** A host's own stations (any other station is 404 to it). */
const hostRoute: Expectation = { anonymous: 401, user: 403, admin: 403, technician: 403, host: 'allowed', station: 401 };

const matrix: Record<RouteId, Expectation> = {
  listMachines: publicRoute,
  getMachine: publicRoute,
  getSupportContact: publicRoute,
  createHostRequest: publicRoute,
  createReportPhotoUpload: publicRoute,
  createProblemReport: publicRoute,
  partnerSignup: publicRoute,
  getCurrentUser: userRoute,
  logout: publicRoute,
  getEnvironmentalImpact: userRoute,
  listFavourites: userRoute,
  addFavourite: userRoute,
  removeFavourite: userRoute,
  listTransactions: userRoute,
  listUserTransactions: { ...userRoute, otherUser: 403 },
  createClaim: userRoute,
  topup: userRoute,
  getTopup: { ...userRoute, otherUser: 404 },
  getWithdrawalPlan: userRoute,
  createWithdrawal: userRoute,
  // Authenticated by the payment gateway's signature, which none of these callers can produce.
  paymentNotification: { anonymous: 403, user: 403, admin: 403, technician: 403, host: 403, station: 403 },
  purchase: userRoute,
  createGuestOrder: publicRoute,
  getGuestOrder: publicRoute,
  claimGuestOrder: userRoute,
  createGuestClaim: publicRoute,
  validateAppleMerchant: publicRoute,
  generateNfcToken: userRoute,
  // Another person's token (once a station presented it) is 404: the system test of the route (stations-vend).
  getNfcToken: userRoute,
  adminLogin: publicRoute,
  adminLogout: consoleRoute,
  adminAuthCheck: consoleRoute,
  adminStats: adminRoute,
  adminListUsers: adminRoute,
  adminGetUser: adminRoute,
  adminUpdateUser: adminRoute,
  adminListTransactions: adminRoute,
  adminExportTransactions: adminRoute,
  adminBookDay: adminRoute,
  adminJournal: adminRoute,
  adminListHostRequests: adminRoute,
  adminUpdateHostRequest: adminRoute,
  adminDeleteHostRequest: adminRoute,
  adminListIncidents: adminRoute,
  adminResolveIncident: adminRoute,
  adminListClaims: adminRoute,
  adminClaimCounts: adminRoute,
  adminGetClaim: adminRoute,
  adminResolveClaim: adminRoute,
  adminListProblemReports: fieldRoute,
  adminGetProblemReportPhoto: fieldRoute,
  adminResolveProblemReport: fieldRoute,
  adminListPayouts: adminRoute,
  adminResolvePayout: adminRoute,
  adminListHeldGuestRefunds: adminRoute,
  adminPayOutGuestRefund: adminRoute,
  adminCreateMachine: adminRoute,
  adminListMachines: fieldRoute,
  adminUpdateMachine: adminRoute,
  adminMachineTelemetry: fieldRoute,
  adminMachineEvents: fieldRoute,
  adminCheckIn: fieldRoute,
  adminGetMachineHost: adminRoute,
  adminSetMachineHost: adminRoute,
  adminMachineSafety: fieldRoute,
  adminRecordSafety: fieldRoute,
  adminCreateLabReportUpload: fieldRoute,
  adminGetLabReport: fieldRoute,
  adminLockStation: fieldRoute,
  adminClearSafetyLock: fieldRoute,
  adminListAlerts: fieldRoute,
  adminAlertCounts: fieldRoute,
  adminAcknowledgeAlert: fieldRoute,
  adminListTickets: fieldRoute,
  adminTicketCounts: fieldRoute,
  adminGetTicket: fieldRoute,
  adminAssignTicket: fieldRoute,
  adminListStaff: fieldRoute,
  adminCommentTicket: fieldRoute,
  adminCloseTicket: fieldRoute,
  // Remote commands reach every station: administrators only.
  adminCreateCommand: adminRoute,
  adminListCommands: adminRoute,
  adminGetCommand: adminRoute,
  adminAbortCommand: adminRoute,
  adminGetSettings: adminRoute,
  adminPutSettings: adminRoute,
  adminSettingsHistory: adminRoute,
  geocode: adminRoute,
  hostImpactReport: hostRoute,
  hostStationImpact: hostRoute,
  openApi: publicRoute,
};

type Caller = 'anonymous' | 'user' | 'admin' | 'technician' | 'host' | 'station';
const tokens: Record<Caller, string | null> = { anonymous: null, user: null, admin: null, technician: null, host: null, station: null };
/** Path ids a caller uses for its own resources (its sub); others get a made-up id. */
const ownIds: Record<Caller, string> = { anonymous: 'authz-matrix-none', user: '', admin: '', technician: '', host: '', station: 'HRL-00001' };
let otherUserSub = '';

beforeAll(async () => {
  for (const role of ['user', 'admin', 'technician', 'host'] as const) {
    const account = await signInAs(role);
    tokens[role] = account.token;
    ownIds[role] = account.sub;
  }
  otherUserSub = (await newAccount('other')).sub;
  const { privateKey } = await generateKeyPair('ES256');
  tokens.station = await new SignJWT({ scope: 'station' }).setProtectedHeader({ alg: 'ES256' }).setSubject('HRL-00001').setIssuedAt().setExpirationTime('5m').sign(privateKey);
});

/** A request that reaches the route with the smallest possible payload: nothing a test depends on changes. */
function call(id: RouteId, token: string | null, params: Record<string, string> = {}) {
  const route: RouteDefinition = routes[id];
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const path = buildPath(route.path, Object.fromEntries(names.map((n) => [n, params[n] ?? 'authz-matrix-none'])));
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return apiFetch(path, { method: route.method, redirect: 'manual', headers: token ? bearer(token) : {}, ...(hasBody ? { json: {} } : {}) });
}

describe('authorization matrix', () => {
  it('has an entry for every route of the contract and none for routes that do not exist', () => {
    expect(Object.keys(matrix).sort()).toEqual([...routeIds].sort());
  });

  // A route without an entry fails the first test (and the typecheck) instead of going unchecked.
  for (const id of routeIds.filter((r) => r in matrix)) {
    for (const who of ['anonymous', 'user', 'admin', 'technician', 'host', 'station'] as const) {
      it(`${routes[id].method} ${routes[id].path} as ${who}`, async () => {
        const { status, body } = await call(id, tokens[who], matrix[id].otherUser ? { id: ownIds[who] } : {});
        const expected = matrix[id][who];
        if (expected === 'allowed') {
          expect([401, 403], `${status} ${JSON.stringify(body)}`).not.toContain(status);
        } else {
          expect(status).toBe(expected);
          expect(typeof body?.message).toBe('string');
        }
        expect(status, `no 5xx: ${JSON.stringify(body)}`).toBeLessThan(500 + (status === 501 ? 1 : 0));
      });
    }
    const otherUser = matrix[id].otherUser;
    if (otherUser) {
      it(`${routes[id].method} ${routes[id].path} on another user's resource`, async () => {
        const { status } = await call(id, tokens.user, { id: otherUserSub });
        expect(status).toBe(otherUser);
      });
    }
  }
});
