import * as z from '../zod';
import { lazySchema } from '../lazy-schema';
import { route, type RouteDefinition } from './route';
import { listMachines, getMachine, listFavourites, addFavourite, removeFavourite } from './stations';
import {
  getSupportContact,
  createHostRequest,
  partnerSignup,
  adminListHostRequests,
  adminUpdateHostRequest,
  adminDeleteHostRequest,
  adminGetMachineHost,
  adminSetMachineHost,
  hostImpactReport,
  hostStationImpact,
} from './partners';
import {
  createReportPhotoUpload,
  createProblemReport,
  adminListProblemReports,
  adminGetProblemReportPhoto,
  adminResolveProblemReport,
  adminCheckIn,
  adminListTickets,
  adminTicketCounts,
  adminGetTicket,
  adminAssignTicket,
  adminListStaff,
  adminCommentTicket,
  adminCloseTicket,
} from './fieldwork';
import {
  getCurrentUser,
  logout,
  getEnvironmentalImpact,
  adminLogin,
  adminLogout,
  adminAuthCheck,
  adminListUsers,
  adminGetUser,
  adminUpdateUser,
} from './accounts';
import { adminStats, adminGetSettings, adminSettingsHistory, adminPutSettings } from './system';
import {
  listTransactions,
  listUserTransactions,
  topup,
  getTopup,
  getWithdrawalPlan,
  createWithdrawal,
  paymentNotification,
  purchase,
  validateAppleMerchant,
  adminListTransactions,
  adminExportTransactions,
  adminBookDay,
  adminJournal,
  adminListPayouts,
  adminResolvePayout,
} from './wallet';
import {
  createClaim,
  generateNfcToken,
  getNfcToken,
  adminListIncidents,
  adminResolveIncident,
  adminListClaims,
  adminClaimCounts,
  adminGetClaim,
  adminResolveClaim,
} from './vending';
import {
  createGuestOrder,
  getGuestOrder,
  claimGuestOrder,
  createGuestClaim,
  adminListHeldGuestRefunds,
  adminPayOutGuestRefund,
} from './guests';
import {
  adminCreateMachine,
  adminListMachines,
  adminUpdateMachine,
  adminMachineTelemetry,
  adminMachineEvents,
  adminMachineSafety,
  adminRecordSafety,
  adminCreateLabReportUpload,
  adminGetLabReport,
  adminLockStation,
  adminClearSafetyLock,
  adminListAlerts,
  adminAlertCounts,
  adminAcknowledgeAlert,
  adminCreateCommand,
  adminListCommands,
  adminGetCommand,
  adminAbortCommand,
  geocode,
} from './fleet';

/**
 * The API contract, declared once. The CDK app creates one function and one HTTP API route per entry,
 * the local gateway serves the same table, the browser client is typed from it and /api-docs renders it.
 * Add a route first to its context's file in this folder (its own export), list it in `routes` below, then its handler in
 * functions/http/routes/<id>.ts, which passes `contract.<id>` to routeHandler.
 */
export const openApi = route({
  method: 'GET', path: '/api/openapi.json', auth: 'public', tag: 'docs', summary: 'This contract as OpenAPI 3.1',
  response: /* @__PURE__ */ lazySchema(() => z.looseObject({})), access: {},
});
/** Every route by its id, in the order /api-docs lists them. */
export const routes = {
  listMachines,
  getMachine,
  getSupportContact,
  createHostRequest,
  createReportPhotoUpload,
  createProblemReport,
  partnerSignup,
  getCurrentUser,
  logout,
  getEnvironmentalImpact,
  listFavourites,
  addFavourite,
  removeFavourite,
  listTransactions,
  listUserTransactions,
  createClaim,
  topup,
  getTopup,
  getWithdrawalPlan,
  createWithdrawal,
  paymentNotification,
  createGuestOrder,
  getGuestOrder,
  claimGuestOrder,
  createGuestClaim,
  purchase,
  validateAppleMerchant,
  generateNfcToken,
  getNfcToken,
  adminLogin,
  adminLogout,
  adminAuthCheck,
  adminStats,
  adminListUsers,
  adminGetUser,
  adminUpdateUser,
  adminListTransactions,
  adminExportTransactions,
  adminBookDay,
  adminJournal,
  adminListHostRequests,
  adminListIncidents,
  adminResolveIncident,
  adminListClaims,
  adminClaimCounts,
  adminGetClaim,
  adminResolveClaim,
  adminListProblemReports,
  adminGetProblemReportPhoto,
  adminResolveProblemReport,
  adminListPayouts,
  adminResolvePayout,
  adminListHeldGuestRefunds,
  adminPayOutGuestRefund,
  adminUpdateHostRequest,
  adminDeleteHostRequest,
  adminCreateMachine,
  adminListMachines,
  adminUpdateMachine,
  adminMachineTelemetry,
  adminMachineEvents,
  adminCheckIn,
  adminGetMachineHost,
  adminSetMachineHost,
  adminMachineSafety,
  adminRecordSafety,
  adminCreateLabReportUpload,
  adminGetLabReport,
  adminLockStation,
  adminClearSafetyLock,
  adminListAlerts,
  adminAlertCounts,
  adminAcknowledgeAlert,
  adminListTickets,
  adminTicketCounts,
  adminGetTicket,
  adminAssignTicket,
  adminListStaff,
  adminCommentTicket,
  adminCloseTicket,
  adminCreateCommand,
  adminListCommands,
  adminGetCommand,
  adminAbortCommand,
  adminGetSettings,
  adminSettingsHistory,
  adminPutSettings,
  geocode,
  hostImpactReport,
  hostStationImpact,
  openApi,
};

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeIds = /* @__PURE__ */ Object.keys(routes) as RouteId[];

type Out<S> = S extends z.ZodMiniType ? z.output<S> : never;
type In<S> = S extends z.ZodMiniType ? z.input<S> : never;
export type RouteResponse<R extends RouteId> = Out<Routes[R]['response']>;
export type RouteBody<R extends RouteId> = Routes[R] extends { body: infer B } ? In<B> : undefined;
export type RouteParams<R extends RouteId> = Routes[R] extends { params: infer P } ? In<P> : undefined;
export type RouteQuery<R extends RouteId> = Routes[R] extends { query: infer Q } ? In<Q> : undefined;

/** Fills `{id}` segments; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/** Matches a concrete path against the table; returns the route and its raw params. */
export function matchRoute(method: string, pathname: string): { id: RouteId; params: Record<string, string> } | null {
  for (const id of routeIds) {
    const route: RouteDefinition = routes[id];
    if (route.method !== method) continue;
    const names: string[] = [];
    const pattern = new RegExp(
      '^' + route.path.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)')) + '/?$',
    );
    const m = pattern.exec(pathname);
    if (m) return { id, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
  }
  return null;
}
