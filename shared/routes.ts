import * as z from './zod';
import {
  AddressQuery,
  AddressResult,
  AdminIdentity,
  Alert,
  AlertCounts,
  AlertsQuery,
  AdminUser,
  AppleMerchantValidationRequest,
  Claim,
  ClaimCounts,
  ClaimDetail,
  ClaimInput,
  ClaimResolutionInput,
  ClaimsQuery,
  Command,
  CommandDetail,
  CommandInput,
  CommandsQuery,
  EnvironmentalImpact,
  GuestClaimInput,
  GuestOrder,
  GuestOrderClaimed,
  GuestOrderClaimRequest,
  GuestOrderCreated,
  GuestRefundPayout,
  HeldGuestRefund,
  GuestOrderQuery,
  GuestOrderRequest,
  HostRequest,
  HostRequestInput,
  HostImpactReport,
  HostReportQuery,
  HostRequestPatch,
  HostStationImpact,
  IncidentResolutionInput,
  Machine,
  MachineIdParams,
  MachineHost,
  MachineHostInput,
  MachineList,
  MachineStatus,
  StationType,
  NfcTokenParams,
  NfcTokenProgress,
  NfcTokenResponse,
  Page,
  PageQuery,
  PayoutQuery,
  PayoutRequest,
  PayoutResolution,
  FileUpload,
  PhotoUploadRequest,
  ProblemReport,
  ProblemReportInput,
  ProblemReportPhoto,
  ProblemReportQuery,
  PurchaseRequest,
  SafetyClearInput,
  SafetyRecordParams,
  LabReportLink,
  LabReportUploadRequest,
  SafetyLockInput,
  SafetyOverview,
  SafetyRecord,
  SafetyRecordInput,
  Settings,
  SupportContact,
  StationEvent,
  Ticket,
  StaffMember,
  TicketAssignInput,
  TicketCloseInput,
  TicketCommentInput,
  TicketCounts,
  TicketsQuery,
  StationEventsQuery,
  TelemetryQuery,
  TelemetryReading,
  TopupRequest,
  Transaction,
  TransactionType,
  User,
  VendIncident,
  Withdrawal,
  WithdrawalPlan,
  WithdrawalRequest,
} from './schemas';
import type { StaffRole } from './roles';
import { lazySchema } from './lazy-schema';

/**
 * The API contract, declared once. The CDK app creates one function and one HTTP API route per entry,
 * the local gateway serves the same table, the browser client is typed from it and /api-docs renders it.
 * Add a route here first (its own export, listed in `routes` below), then its handler in
 * functions/http/routes/<id>.ts, which passes `contract.<id>` to routeHandler.
 */
/**
 * Who may call a route: 'public' anyone, 'user' any signed-in account, or the console roles (Cognito groups) that
 * may. The CDK app puts the JWT authorizer on every route that is not public, the route handler refuses a caller
 * in none of the listed groups with 403 (functions/http/route-handler.ts), and the client, OpenAPI and the
 * authorization matrix read the same list.
 */
type AuthLevel = 'public' | 'user' | readonly StaffRole[];
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call a function makes on the table, as IAM names it; `Query:GSI1` queries that index (`Query` the table). */
export type TableAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'Query:GSI1' | 'Query:GSI2' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem' | 'BatchWriteItem';
/**
 * What a function may do with the table: 'read' (GetItem, BatchGetItem, Query of the table and each index), 'write'
 * (those, and PutItem, UpdateItem, DeleteItem, ConditionCheckItem, BatchWriteItem), or exactly the calls it makes
 * (the functions of money: infra/constructs/data.ts).
 */
export type TableAccess = 'read' | 'write' | readonly TableAction[];

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway style: /api/machines/{id} */
  path: string;
  auth: AuthLevel;
  summary: string;
  tag: 'stations' | 'guest' | 'account' | 'wallet' | 'partners' | 'admin' | 'money' | 'docs';
  /**
   * Routes that move money (or set its price): the caller must have TOTP enrolled, so that their sign-in passed it
   * (403 otherwise). The function reads the caller's MFA settings from Cognito (AdminGetUser, cached briefly):
   * docs/architecture.md, "Roles".
   */
  secondFactor?: true;
  /**
   * The function moves money or reads or writes the ledger: its role holds nothing its paths do not use (its table
   * access lists each call), which `npm run parity` proves (docs/infrastructure.md, "Least privilege where money is").
   */
  money?: true;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** Successful status code (200 unless stated). */
  status?: 200 | 201 | 202 | 204 | 302;
  response: z.ZodMiniType;
  /**
   * What the function may touch, for least-privilege IAM and its settings in the CDK app (infra/constructs/api.ts):
   * the table, publishing to stations, provisioning them in IoT, Cognito's admin calls, the payment gateway's
   * secret, the token signing key's secret, the place index, sending e-mail (SES), the files bucket of report photos
   * and lab reports ('upload': presign uploads only; 'keep…': take an upload (read, delete) and keep it under the
   * kind's prefix; 'read…': read the kept files of that kind). 'sandbox': only in a stack whose payments are the
   * sandbox gateway's (`-c payments=sandbox`), where the path that uses it exists (a card wallet's refill: the live
   * gateway, Midtrans, takes no card wallets).
   */
  access: {
    table?: TableAccess;
    iotPublish?: boolean | 'sandbox';
    iotProvisioning?: boolean;
    /** IoT jobs of remote commands: creating them (for stations' things) or canceling them. */
    iotJobs?: 'create' | 'cancel';
    cognito?: boolean;
    paymentSecret?: boolean;
    signingKey?: boolean | 'sandbox';
    geocoder?: boolean;
    mail?: boolean;
    files?: 'upload' | 'keepPhoto' | 'readPhoto' | 'keepLabReport' | 'readLabReport';
  };
}

/**
 * One route's definition, its literal types kept. Each route is its own export so that a function's bundle takes
 * only its own route and schemas (esbuild drops the others: this call has no side effects).
 */
/* @__NO_SIDE_EFFECTS__ */
function route<const D extends RouteDefinition>(definition: D): D {
  return definition;
}

const Ok = /* @__PURE__ */ lazySchema(() => z.object({ ok: z.literal(true) }));
const Id = /* @__PURE__ */ lazySchema(() => z.object({ id: z.string().check(z.minLength(1), z.maxLength(128)) }));
/** The stations the caller starred, in id order. */
const Favourites = /* @__PURE__ */ lazySchema(() => z.object({ stationIds: z.array(z.string()) }));

export const AdminStats = /* @__PURE__ */ lazySchema(() => z.object({
  totalMachines: z.number().check(z.int()),
  onlineMachines: z.number().check(z.int()),
  offlineMachines: z.number().check(z.int()),
  activeUsers: z.number().check(z.int()),
  totalRevenue: z.number().check(z.int()),
  transactionCount: z.number().check(z.int()),
  waterDispensedLitres: z.number(),
  /** Rupiah owed by all users together (water or refunds their balance did not cover). */
  openReceivables: z.number().check(z.int()),
}));

/** Host requests are read a page at a time: submissions are long (comments, notes), so a page stays far below Lambda's 6 MB. */
const HOST_REQUESTS_PAGE_MAX = 50;

export const TopupStatus = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  /** pending until the gateway says settled (credited once), failed (deny/cancel), expired, or refunded after settling. */
  status: z.enum(['pending', 'settled', 'failed', 'expired', 'refunded']),
  amount: z.number().check(z.int()),
  paymentMethod: z.string(),
  /** QRIS: the QR string to render; e-wallets: a deeplink to open on phones. */
  qrString: z.nullable(z.string()),
  /** GoPay through Midtrans: the gateway's QR image (desktop); null where a qrString is given. */
  qrImageUrl: z.nullable(z.string()),
  deeplink: z.nullable(z.string()),
  message: z.nullable(z.string()),
  createdAt: z.string(),
  /** When the gateway gives up on an unpaid charge (null when unknown). */
  expiresAt: z.nullable(z.string()),
}));

export const VendSessionResponse = /* @__PURE__ */ lazySchema(() => z.object({ sessionId: z.string(), status: z.string(), volume: z.number(), amount: z.number().check(z.int()) }));

export const AdminMachineInput = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string().check(z.trim(), z.regex(/^[A-Z]{2,5}-\d{3,6}$/, 'Machine ID looks like HRL-00026')),
  name: z.string().check(z.trim(), z.minLength(1, 'Station name is required'), z.maxLength(120)),
  location: z.string().check(z.trim(), z.minLength(1, 'Location address is required'), z.maxLength(300)),
  latitude: z.string().check(z.trim(), z.minLength(1, 'Latitude is required'), z.refine((v) => Math.abs(Number(v)) <= 90, 'Latitude must be between -90 and 90')),
  longitude: z.string().check(z.trim(), z.minLength(1, 'Longitude is required'), z.refine((v) => Math.abs(Number(v)) <= 180, 'Longitude must be between -180 and 180')),
  status: z._default(MachineStatus, 'online'),
}));

export const ProvisionedMachine = /* @__PURE__ */ lazySchema(() => z.object({
  machine: Machine,
  /** Returned once; the private key is never stored. */
  bundle: z.object({ certificatePem: z.string(), privateKeyPem: z.string(), rootCaPem: z.string(), endpoint: z.string(), vendPublicKeyPem: z.string() }),
}));

export const AdminMachinePatch = /* @__PURE__ */ lazySchema(() => z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(120)),
  location: z.string().check(z.trim(), z.minLength(1, 'Location is required'), z.maxLength(300)),
  status: MachineStatus,
  /** The kind of place; null clears it; absent leaves it. */
  type: z.optional(z.nullable(StationType)),
  /** Keep the station off the public lists; absent leaves it. */
  hidden: z.optional(z.boolean()),
}));

/** Largest single admin adjustment, either way. */
const MAX_ADJUSTMENT_IDR = 10_000_000;
const REASON_REQUIRED = 'A reason is required to change the balance';

export const AdminUserPatch = /* @__PURE__ */ lazySchema(() => z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(64)),
  /**
   * A ledger adjustment: rupiah to add (negative to take away), made only while the balance is still the one the
   * admin saw (409 'The balance changed, reload' otherwise), with the admin's reason in the audit trail.
   */
  adjustment: z.optional(z.object({
    amount: z.number({ error: 'Enter an amount in rupiah' }).check(
      z.int('Whole rupiah only'),
      z.gte(-MAX_ADJUSTMENT_IDR, `At most Rp ${MAX_ADJUSTMENT_IDR.toLocaleString('en-US')} at once`),
      z.lte(MAX_ADJUSTMENT_IDR, `At most Rp ${MAX_ADJUSTMENT_IDR.toLocaleString('en-US')} at once`),
      z.refine((v) => v !== 0, 'Enter an amount other than 0'),
    ),
    /** The balance the admin saw when deciding the adjustment. */
    expectedBalance: z.number().check(z.int(), z.nonnegative()),
    reason: z.string({ error: REASON_REQUIRED }).check(z.trim(), z.minLength(1, REASON_REQUIRED), z.maxLength(500, 'The reason is too long')),
  })),
}));

/** The console's transaction filters; `from` and `to` are days in Bali (YYYY-MM-DD), both included. */
const transactionFilters = () => ({
  type: z.optional(TransactionType),
  userId: z.optional(z.string().check(z.maxLength(128))),
  machineId: z.optional(z.string().check(z.maxLength(64))),
  from: z.optional(z.iso.date({ error: 'Enter a date (YYYY-MM-DD)' })),
  to: z.optional(z.iso.date({ error: 'Enter a date (YYYY-MM-DD)' })),
});
const rangeInOrder = <T extends { from?: string; to?: string }>() => z.refine<T>((q) => !(q.from && q.to && q.from > q.to), { message: 'The end is before the start', path: ['to'] });
const AdminTransactionsQuery = /* @__PURE__ */ lazySchema(() => z.extend(PageQuery, transactionFilters()).check(rangeInOrder()));
/** An export is of a date range: at most 366 days, so one answer stays below Lambda's 6 MB at the network's size. */
const MAX_EXPORT_DAYS = 366;
const AdminTransactionsExportQuery = /* @__PURE__ */ lazySchema(() => z.object({
  ...transactionFilters(),
  from: z.iso.date({ error: 'Enter the first day (YYYY-MM-DD)' }),
  to: z.iso.date({ error: 'Enter the last day (YYYY-MM-DD)' }),
}).check(rangeInOrder(), z.refine((q) => Date.parse(q.to) - Date.parse(q.from) < MAX_EXPORT_DAYS * 86_400_000, { message: `At most ${MAX_EXPORT_DAYS} days at once`, path: ['from'] })));
export const AdminTransaction = /* @__PURE__ */ lazySchema(() => z.extend(Transaction, {
  userId: z.string(),
  username: z.nullable(z.string()),
  /** Rupiah as the ledger holds it: credits positive, debits negative (amount is its absolute value). */
  signedAmount: z.number().check(z.int()),
  /** Who caused it: the user, 'gateway', 'station:<id>', 'admin:<username>'. */
  actor: z.string(),
  /** What it is about: the top-up order, the vend session, or the admin's reason for an adjustment. */
  reference: z.string(),
}));

/** One saved change of the system settings (the audit trail the System tab shows). */
const SettingsChange = /* @__PURE__ */ lazySchema(() => z.object({
  at: z.string(),
  actor: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
}));

export const listMachines = route({
  method: 'GET', path: '/api/machines', auth: 'public', tag: 'stations', summary: 'All stations with live status',
  response: MachineList, access: { table: 'read' },
});

export const getMachine = route({
  method: 'GET', path: '/api/machines/{id}', auth: 'public', tag: 'stations', summary: 'One station',
  params: MachineIdParams, response: Machine, access: { table: 'read' },
});

export const getSupportContact = route({
  method: 'GET', path: '/api/contact', auth: 'public', tag: 'partners', summary: "How visitors reach the team: the WhatsApp number and e-mail address of the settings (null where none is set)",
  response: SupportContact, access: { table: 'read' },
});

export const createHostRequest = route({
  method: 'POST', path: '/api/host-requests', auth: 'public', tag: 'partners', summary: 'Apply to host a station',
  body: HostRequestInput, status: 201, response: HostRequest, access: { table: 'write' },
});

export const createReportPhotoUpload = route({
  method: 'POST', path: '/api/reports/photo-uploads', auth: 'public', tag: 'stations', summary: 'A presigned POST to upload one photo for a problem report (rate limited per client)',
  body: PhotoUploadRequest, status: 201, response: FileUpload, access: { table: 'write', files: 'upload' },
});

export const createProblemReport = route({
  method: 'POST', path: '/api/reports', auth: 'public', tag: 'stations', summary: 'Report a problem at a station (rate limited per client); an uploaded photo is checked and stripped of its metadata',
  body: ProblemReportInput, status: 201, response: ProblemReport, access: { table: 'write', files: 'keepPhoto' },
});

export const partnerSignup = route({
  method: 'POST', path: '/api/partner/signup', auth: 'public', tag: 'partners', summary: 'Documented partner sign-up; same as a host application',
  body: HostRequestInput, status: 201, response: HostRequest, access: { table: 'write' },
});

export const getCurrentUser = route({
  method: 'GET', path: '/api/auth/user', auth: 'user', tag: 'account', summary: 'The signed-in user, created on first sign-in',
  response: User, access: { table: 'write' },
});

export const logout = route({
  method: 'GET', path: '/api/logout', auth: 'public', tag: 'account', summary: 'Browser navigation that ends the session and returns to /',
  status: 302, response: /* @__PURE__ */ lazySchema(() => z.null()), access: {},
});

export const getEnvironmentalImpact = route({
  method: 'GET', path: '/api/environmental-impact', auth: 'user', tag: 'account', summary: 'Impact derived from metered litres',
  response: EnvironmentalImpact, access: { table: 'read' },
});

export const listFavourites = route({
  method: 'GET', path: '/api/favourites', auth: 'user', tag: 'account', summary: 'The stations the caller starred',
  response: Favourites, access: { table: 'read' },
});

export const addFavourite = route({
  method: 'PUT', path: '/api/favourites/{id}', auth: 'user', tag: 'account', summary: 'Star a station (idempotent; 404 for an unknown station); answers all the stars',
  params: MachineIdParams, response: Favourites, access: { table: 'write' },
});

export const removeFavourite = route({
  method: 'DELETE', path: '/api/favourites/{id}', auth: 'user', tag: 'account', summary: 'Unstar a station (idempotent); answers the remaining stars',
  params: MachineIdParams, response: Favourites, access: { table: 'write' },
});

export const listTransactions = route({
  method: 'GET', path: '/api/transactions', auth: 'user', tag: 'account', money: true, summary: "The caller's transactions, newest first",
  query: PageQuery, response: /* @__PURE__ */ lazySchema(() => Page(Transaction)), access: { table: ['Query', 'BatchGetItem'] },
});

export const listUserTransactions = route({
  method: 'GET', path: '/api/users/{id}/transactions', auth: 'user', tag: 'account', money: true, summary: "A user's transactions (own id, or admin)",
  params: Id, query: PageQuery, response: /* @__PURE__ */ lazySchema(() => Page(Transaction)), access: { table: ['GetItem', 'Query'] },
});

export const createClaim = route({
  method: 'POST', path: '/api/vends/{id}/claim', auth: 'user', tag: 'account', money: true,
  summary: "\"I didn't get my water\": claim one of the caller's vends within 24 h (one claim per vend; 409 when it charged nothing); credited at once when the station's record supports it, else queued for an admin",
  params: Id, body: ClaimInput, status: 201, response: Claim, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], mail: true },
});

export const topup = route({
  method: 'POST', path: '/api/wallet/topup', auth: 'user', tag: 'wallet', money: true, summary: 'Start a top-up (Idempotency-Key header)',
  body: TopupRequest, status: 202, response: TopupStatus, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true },
});

export const getTopup = route({
  method: 'GET', path: '/api/wallet/topup/{id}', auth: 'user', tag: 'wallet', money: true, summary: "A top-up's status (asks the gateway when a notification is overdue)",
  params: Id, response: TopupStatus, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true },
});

export const getWithdrawalPlan = route({
  method: 'GET', path: '/api/wallet/withdrawal-plan', auth: 'user', tag: 'wallet', money: true, summary: 'What withdrawing the whole balance would refund to which top-up, and what an admin would pay out instead and why',
  response: WithdrawalPlan, access: { table: ['GetItem', 'Query'] },
});

export const createWithdrawal = route({
  method: 'POST', path: '/api/wallet/withdrawals', auth: 'user', tag: 'wallet', money: true, summary: 'Withdraw the whole balance (Idempotency-Key header): refunds to the top-ups, newest first, within their refund windows; the rest becomes an admin payout request',
  body: WithdrawalRequest, status: 201, response: Withdrawal, access: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], paymentSecret: true, mail: true },
});

export const paymentNotification = route({
  method: 'POST', path: '/api/payments/notification', auth: 'public', tag: 'wallet', money: true, summary: 'Payment gateway webhook (signature checked)',
  body: /* @__PURE__ */ lazySchema(() => z.looseObject({})), response: Ok, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, signingKey: true, iotPublish: true, mail: true },
});

export const createGuestOrder = route({
  method: 'POST', path: '/api/guest/orders', auth: 'public', tag: 'guest', money: true,
  summary: 'Pay one refill at a station without an account (Idempotency-Key header; rate limited per client and per station); answers the payment (QRIS string, deeplink) and the receipt link',
  body: GuestOrderRequest, status: 201, response: GuestOrderCreated, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, signingKey: true, iotPublish: true, mail: true },
});

export const getGuestOrder = route({
  method: 'GET', path: '/api/guest/orders/{id}', auth: 'public', tag: 'guest', money: true,
  summary: "A guest order's progress and receipt, read with the receipt's secret (404 without it)",
  params: Id, query: GuestOrderQuery, response: GuestOrder, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, signingKey: true, iotPublish: true, mail: true },
});

export const claimGuestOrder = route({
  method: 'POST', path: '/api/guest/orders/{id}/claim', auth: 'user', tag: 'guest', money: true,
  summary: "Sign in from a guest receipt and keep it (the receipt's secret proves it; once per receipt): its litres count in the account's impact, and what the gateway would not refund becomes wallet credit",
  params: Id, body: GuestOrderClaimRequest, response: GuestOrderClaimed, access: { table: ['GetItem', 'PutItem', 'UpdateItem'] },
});

export const createGuestClaim = route({
  method: 'POST', path: '/api/guest/orders/{id}/claims', auth: 'public', tag: 'guest', money: true,
  summary: "\"I didn't get my water\" from a guest receipt, within 24 h, with the receipt's secret: credited at once (refunded through the gateway) when the station's record supports it, else queued for an admin",
  params: Id, body: GuestClaimInput, status: 201, response: GuestOrder, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, mail: true },
});

export const purchase = route({
  method: 'POST', path: '/api/purchase', auth: 'user', tag: 'wallet', money: true, summary: 'Pay for a refill with Google Pay or Apple Pay',
  body: PurchaseRequest, status: 201, response: VendSessionResponse, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, signingKey: 'sandbox', iotPublish: 'sandbox' },
});

export const validateAppleMerchant = route({
  method: 'POST', path: '/api/apple-pay/validate-merchant', auth: 'public', tag: 'wallet', money: true,
  summary: "Apple Pay merchant session (validation URLs on apple.com only): public, because a guest pays by Apple Pay at a station's page too",
  body: AppleMerchantValidationRequest, response: /* @__PURE__ */ lazySchema(() => z.looseObject({})), access: { paymentSecret: true },
});

export const generateNfcToken = route({
  method: 'POST', path: '/api/nfc/generate-token', auth: 'user', tag: 'wallet', money: true, summary: 'One-time signed token to pay at a station, with its id (tokenId) to follow what becomes of it',
  response: NfcTokenResponse, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], signingKey: true },
});

export const getNfcToken = route({
  method: 'GET', path: '/api/nfc/tokens/{id}', auth: 'user', tag: 'wallet',
  summary: "What became of one of the caller's NFC tokens (its tokenId): waiting, dispensing, charged or not used; another person's is 404",
  params: NfcTokenParams, response: NfcTokenProgress, access: { table: 'read' },
});

export const adminLogin = route({
  method: 'POST', path: '/api/admin/login', auth: 'public', tag: 'admin', summary: 'Script login against Cognito (admin group only); an account with TOTP enrolled sends the current code of its authenticator app as `code`',
  body: /* @__PURE__ */ lazySchema(() => z.object({
    username: z.string().check(z.minLength(1, 'Username is required')),
    password: z.string().check(z.minLength(1, 'Password is required')),
    code: z.optional(z.string().check(z.regex(/^\d{6}$/, 'The code has 6 digits'))),
  })),
  response: /* @__PURE__ */ lazySchema(() => z.extend(AdminIdentity, { idToken: z.string(), accessToken: z.string(), expiresIn: z.number() })), access: { cognito: true },
});

export const adminLogout = route({
  method: 'POST', path: '/api/admin/logout', auth: ['admin', 'technician', 'host'], tag: 'admin', summary: 'Signs the console user (admin, technician or host) out everywhere',
  response: Ok, access: { cognito: true },
});

export const adminAuthCheck = route({
  method: 'GET', path: '/api/admin/auth/check', auth: ['admin', 'technician', 'host'], tag: 'admin', summary: 'Username and console role (admin, technician or host) of the caller',
  response: AdminIdentity, access: {},
});

export const adminStats = route({
  method: 'GET', path: '/api/admin/stats', auth: ['admin'], tag: 'admin', summary: 'Summary cards',
  response: AdminStats, access: { table: 'read' },
});

export const adminListUsers = route({
  method: 'GET', path: '/api/admin/users', auth: ['admin'], tag: 'admin', summary: 'Users, paginated, with search',
  query: /* @__PURE__ */ lazySchema(() => z.extend(PageQuery, { search: z.optional(z.string().check(z.maxLength(100))) })), response: /* @__PURE__ */ lazySchema(() => Page(AdminUser)), access: { table: 'read' },
});

export const adminGetUser = route({
  method: 'GET', path: '/api/admin/users/{id}', auth: ['admin'], tag: 'admin', summary: 'One user with the balance and what is owed (to reload before adjusting)',
  params: Id, response: AdminUser, access: { table: 'read' },
});

export const adminUpdateUser = route({
  method: 'PATCH', path: '/api/admin/users/{id}', auth: ['admin'], secondFactor: true, tag: 'admin', money: true, summary: 'Rename a user and/or adjust the balance by an amount (a ledger adjustment against the balance seen)',
  params: Id, body: AdminUserPatch, response: AdminUser, access: { table: ['GetItem', 'PutItem', 'UpdateItem'] },
});

export const adminListTransactions = route({
  method: 'GET', path: '/api/admin/transactions', auth: ['admin'], tag: 'money', money: true, summary: 'All transactions, newest first, filterable',
  query: AdminTransactionsQuery, response: /* @__PURE__ */ lazySchema(() => Page(AdminTransaction)), access: { table: ['Query', 'Query:GSI1', 'Query:GSI2', 'BatchGetItem'] },
});

export const adminExportTransactions = route({
  method: 'GET', path: '/api/admin/transactions/export', auth: ['admin'], tag: 'money', money: true,
  summary: "Every transaction of a date range in Bali (with the list's filters) as one CSV file, oldest first, times in Bali",
  query: AdminTransactionsExportQuery, response: /* @__PURE__ */ lazySchema(() => z.string()), access: { table: ['Query', 'Query:GSI1', 'Query:GSI2', 'BatchGetItem'] },
});

/** A day of the book: its Bali date. */
const BookDayQuery = /* @__PURE__ */ lazySchema(() => z.object({ date: z.iso.date({ error: 'Enter the day (YYYY-MM-DD)' }) }));
export const BookDay = /* @__PURE__ */ lazySchema(() => z.object({
  date: z.string(),
  gatewayIn: z.number(),
  refundsOut: z.number(),
  revenue: z.array(z.object({ stationId: z.string(), amount: z.number() })),
  walletsChange: z.number(),
  inFlightChange: z.number(),
  receivablesChange: z.number(),
  claims: z.number(),
  goodwill: z.number(),
  manualPayouts: z.number(),
  debits: z.number(),
  credits: z.number(),
  transactions: z.number(),
  unbalanced: z.number(),
  now: z.object({ held: z.number(), owed: z.number() }),
}));

export const adminBookDay = route({
  method: 'GET', path: '/api/admin/book', auth: ['admin'], secondFactor: true, tag: 'money', money: true,
  summary: 'One day of the book (Bali): money in from the gateway, refunds out, revenue per station, the change in wallets and receivables, claims, goodwill and payouts by hand',
  query: BookDayQuery, response: BookDay, access: { table: ['Query:GSI1', 'BatchGetItem'] },
});

export const adminJournal = route({
  method: 'GET', path: '/api/admin/journal', auth: ['admin'], secondFactor: true, tag: 'money', money: true,
  summary: "The journal of one day (Bali) as CSV: one line per account debited or credited (date, transaction, account, debit, credit, reference); the day's debits equal its credits",
  query: BookDayQuery, response: /* @__PURE__ */ lazySchema(() => z.string()), access: { table: ['Query:GSI1'] },
});

export const adminListHostRequests = route({
  method: 'GET', path: '/api/admin/host-requests', auth: ['admin'], tag: 'admin', summary: 'Host applications, newest first, a page at a time',
  query: /* @__PURE__ */ lazySchema(() => z.extend(PageQuery, { limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(HOST_REQUESTS_PAGE_MAX)), 25) })), response: /* @__PURE__ */ lazySchema(() => Page(HostRequest)), access: { table: 'read' },
});

export const adminListIncidents = route({
  method: 'GET', path: '/api/admin/incidents', auth: ['admin'], tag: 'money', money: true, summary: 'Open vend incidents (completions that could not be settled as reported), oldest first',
  query: PageQuery, response: /* @__PURE__ */ lazySchema(() => Page(VendIncident)), access: { table: ['Query:GSI1'] },
});

export const adminResolveIncident = route({
  method: 'POST', path: '/api/admin/incidents/{id}/resolve', auth: ['admin'], secondFactor: true, tag: 'money', money: true, summary: 'Settle a vend incident with the volume dispensed (0 releases the hold)',
  params: Id, body: IncidentResolutionInput, response: VendIncident, access: { table: ['GetItem', 'PutItem', 'UpdateItem'] },
});

export const adminListClaims = route({
  method: 'GET', path: '/api/admin/claims', auth: ['admin'], tag: 'money', money: true, summary: 'Claims on vends of one status: pending (the queue, oldest first) by default, credited or declined (newest first)',
  query: ClaimsQuery, response: /* @__PURE__ */ lazySchema(() => Page(Claim)), access: { table: ['Query:GSI1'] },
});

export const adminClaimCounts = route({
  method: 'GET', path: '/api/admin/claims/counts', auth: ['admin'], tag: 'money', summary: 'How many claims wait for a decision (the badge on the queue, counted exactly)',
  response: ClaimCounts, access: { table: ['Query:GSI1'] },
});

export const adminGetClaim = route({
  method: 'GET', path: '/api/admin/claims/{id}', auth: ['admin'], tag: 'money', money: true, summary: "A claim with the station's readings and connection events from 30 minutes before its vend to 30 minutes after",
  params: Id, response: ClaimDetail, access: { table: ['GetItem', 'Query'] },
});

export const adminResolveClaim = route({
  method: 'POST', path: '/api/admin/claims/{id}/resolve', auth: ['admin'], secondFactor: true, tag: 'money', money: true, summary: 'Credit a pending claim (up to what the vend charged, through the ledger) or decline it, with a reason the person is e-mailed',
  params: Id, body: ClaimResolutionInput, response: Claim, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, mail: true },
});

export const adminListProblemReports = route({
  method: 'GET', path: '/api/admin/reports', auth: ['admin', 'technician'], tag: 'admin', summary: 'Problem reports of one status (open by default), newest first',
  query: ProblemReportQuery, response: /* @__PURE__ */ lazySchema(() => z.array(ProblemReport)), access: { table: 'read' },
});

export const adminGetProblemReportPhoto = route({
  method: 'GET', path: '/api/admin/reports/{id}/photo', auth: ['admin', 'technician'], tag: 'admin', summary: "A report's photo, without its metadata, as a data: URL",
  params: Id, response: ProblemReportPhoto, access: { table: 'read', files: 'readPhoto' },
});

export const adminResolveProblemReport = route({
  method: 'POST', path: '/api/admin/reports/{id}/resolve', auth: ['admin', 'technician'], tag: 'admin', summary: 'Mark a problem report resolved (the station stops showing it once none is open)',
  params: Id, response: ProblemReport, access: { table: 'write' },
});

export const adminListPayouts = route({
  method: 'GET', path: '/api/admin/payouts', auth: ['admin'], tag: 'money', money: true, summary: 'Payout requests of one status (open by default), newest first: withdrawals the gateway could not refund',
  query: PayoutQuery, response: /* @__PURE__ */ lazySchema(() => z.array(PayoutRequest)), access: { table: ['Query:GSI1'] },
});

export const adminResolvePayout = route({
  method: 'POST', path: '/api/admin/payouts/{id}/resolve', auth: ['admin'], secondFactor: true, tag: 'money', money: true, summary: 'Close a payout request: paid (sent outside the gateway) or returned to the wallet (a ledger credit), with a note (audited)',
  params: Id, body: PayoutResolution, response: PayoutRequest, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], mail: true },
});

export const adminListHeldGuestRefunds = route({
  method: 'GET', path: '/api/admin/guest-refunds', auth: ['admin'], tag: 'money', money: true, summary: 'Guest orders whose refund the gateway refused and whose money nobody claimed yet, oldest first',
  response: /* @__PURE__ */ lazySchema(() => z.array(HeldGuestRefund)), access: { table: ['GetItem', 'Query:GSI1'] },
});

export const adminPayOutGuestRefund = route({
  method: 'POST', path: '/api/admin/guest-refunds/{id}/pay-out', auth: ['admin'], secondFactor: true, tag: 'money', money: true, summary: "Record that a held guest refund was paid outside the gateway (the guest account's ledger debit, with the note; once)",
  params: Id, body: GuestRefundPayout, response: HeldGuestRefund, access: { table: ['GetItem', 'PutItem', 'UpdateItem'] },
});

export const adminUpdateHostRequest = route({
  method: 'PATCH', path: '/api/admin/host-requests/{id}', auth: ['admin'], tag: 'admin', summary: 'Change status or edit a host application',
  params: Id, body: HostRequestPatch, response: HostRequest, access: { table: 'write' },
});

export const adminDeleteHostRequest = route({
  method: 'DELETE', path: '/api/admin/host-requests/{id}', auth: ['admin'], tag: 'admin', summary: 'Delete a host application',
  params: Id, status: 204, response: /* @__PURE__ */ lazySchema(() => z.null()), access: { table: 'write' },
});

export const adminCreateMachine = route({
  method: 'POST', path: '/api/admin/machines', auth: ['admin'], tag: 'admin', summary: 'Provision a station; returns its certificate bundle once',
  body: AdminMachineInput, status: 201, response: ProvisionedMachine, access: { table: 'write', iotProvisioning: true, signingKey: true },
});

export const adminListMachines = route({
  method: 'GET', path: '/api/admin/machines', auth: ['admin', 'technician'], tag: 'admin', summary: 'Every station with live status, those kept off the public lists too',
  response: MachineList, access: { table: 'read' },
});

export const adminUpdateMachine = route({
  method: 'PATCH', path: '/api/admin/machines/{id}/update', auth: ['admin'], tag: 'admin', summary: 'Edit a station',
  params: MachineIdParams, body: AdminMachinePatch, response: Machine, access: { table: 'write' },
});

export const adminMachineTelemetry = route({
  method: 'GET', path: '/api/admin/machines/{id}/telemetry', auth: ['admin', 'technician'], tag: 'admin', summary: "A station's heartbeat readings in a time range (at most 31 days), oldest first: a page at a time, or averaged per `step` seconds",
  params: MachineIdParams, query: TelemetryQuery, response: /* @__PURE__ */ lazySchema(() => Page(TelemetryReading)), access: { table: 'read' },
});

export const adminMachineEvents = route({
  method: 'GET', path: '/api/admin/machines/{id}/events', auth: ['admin', 'technician'], tag: 'admin', summary: "A station's latest connection events (connects, disconnects with the reason), newest first",
  params: MachineIdParams, query: StationEventsQuery, response: /* @__PURE__ */ lazySchema(() => z.array(StationEvent)), access: { table: 'read' },
});

export const adminCheckIn = route({
  method: 'POST', path: '/api/admin/machines/{id}/check-in', auth: ['admin', 'technician'], tag: 'admin', summary: 'A technician checks in at a station (after scanning its QR): a station event with who and when',
  params: MachineIdParams, status: 201, response: StationEvent, access: { table: 'write' },
});

export const adminGetMachineHost = route({
  method: 'GET', path: '/api/admin/machines/{id}/host', auth: ['admin'], tag: 'admin', summary: 'The host account a station is linked to (null when none)',
  params: MachineIdParams, response: MachineHost, access: { table: 'read' },
});

export const adminSetMachineHost = route({
  method: 'PUT', path: '/api/admin/machines/{id}/host', auth: ['admin'], tag: 'admin', summary: "Link a station to a host account by the host's sign-in e-mail (null unlinks it)",
  params: MachineIdParams, body: MachineHostInput, response: MachineHost, access: { table: 'write' },
});

export const adminMachineSafety = route({
  method: 'GET', path: '/api/admin/machines/{id}/safety', auth: ['admin', 'technician'], tag: 'admin', summary: "A station's water safety: its lock, the last sanitation and when the next is due, the last lab test, and its history newest first",
  params: MachineIdParams, response: SafetyOverview, access: { table: 'read' },
});

export const adminRecordSafety = route({
  method: 'POST', path: '/api/admin/machines/{id}/safety', auth: ['admin', 'technician'], tag: 'admin', summary: 'Record a sanitation visit or a lab test (pass or fail, with a note); a failed lab test locks the station',
  params: MachineIdParams, body: SafetyRecordInput, status: 201, response: SafetyRecord, access: { table: 'write', files: 'keepLabReport' },
});

export const adminCreateLabReportUpload = route({
  method: 'POST', path: '/api/admin/machines/{id}/safety/lab-report-uploads', auth: ['admin', 'technician'], tag: 'admin', summary: "A presigned POST to upload one lab test's PDF report (at most 5 MB), named then by the lab test's record",
  params: MachineIdParams, body: LabReportUploadRequest, status: 201, response: FileUpload, access: { table: 'read', files: 'upload' },
});

export const adminGetLabReport = route({
  method: 'GET', path: '/api/admin/machines/{id}/safety/{recordId}/lab-report', auth: ['admin', 'technician'], tag: 'admin', summary: "A short-lived link (5 minutes) to a lab test's PDF report; 404 when the record has none",
  params: SafetyRecordParams, response: LabReportLink, access: { table: 'read', files: 'readLabReport' },
});

export const adminLockStation = route({
  method: 'POST', path: '/api/admin/machines/{id}/safety/lock', auth: ['admin', 'technician'], tag: 'admin', summary: 'Lock a station on purpose, saying why (it denies vends until the lock is cleared); 409 when it is locked already',
  params: MachineIdParams, body: SafetyLockInput, response: Machine, access: { table: 'write' },
});

export const adminClearSafetyLock = route({
  method: 'POST', path: '/api/admin/machines/{id}/safety/clear', auth: ['admin', 'technician'], tag: 'admin', summary: "Clear a station's water safety lock, saying what was done; 409 while its cause still holds",
  params: MachineIdParams, body: SafetyClearInput, response: Machine, access: { table: 'write' },
});

export const adminListAlerts = route({
  method: 'GET', path: '/api/admin/alerts', auth: ['admin', 'technician'], tag: 'admin', summary: 'Alerts of the alert rules, newest first: active (open and acknowledged) by default, or by status, station and rule',
  query: AlertsQuery, response: /* @__PURE__ */ lazySchema(() => Page(Alert)), access: { table: 'read' },
});

export const adminAlertCounts = route({
  method: 'GET', path: '/api/admin/alerts/counts', auth: ['admin', 'technician'], tag: 'admin', summary: 'How many alerts are open and acknowledged (the count in the admin header)',
  response: AlertCounts, access: { table: 'read' },
});

export const adminAcknowledgeAlert = route({
  method: 'POST', path: '/api/admin/alerts/{id}/acknowledge', auth: ['admin', 'technician'], tag: 'admin', summary: 'Take an open alert on: its e-mails stop (it resolves by itself when the condition ends)',
  params: Id, response: Alert, access: { table: 'write' },
});

export const adminListTickets = route({
  method: 'GET', path: '/api/admin/tickets', auth: ['admin', 'technician'], tag: 'admin', summary: 'Maintenance tickets, newest first: active (open and assigned) by default, or by status, station, and the caller\'s own (`mine`)',
  query: TicketsQuery, response: /* @__PURE__ */ lazySchema(() => Page(Ticket)), access: { table: 'read' },
});

export const adminTicketCounts = route({
  method: 'GET', path: '/api/admin/tickets/counts', auth: ['admin', 'technician'], tag: 'admin', summary: 'How many tickets are open (unassigned) and assigned (the count in the admin header)',
  response: TicketCounts, access: { table: 'read' },
});

export const adminGetTicket = route({
  method: 'GET', path: '/api/admin/tickets/{id}', auth: ['admin', 'technician'], tag: 'admin', summary: 'One ticket with its sources (alerts, problem reports), comments and history',
  params: Id, response: Ticket, access: { table: 'read' },
});

export const adminAssignTicket = route({
  method: 'POST', path: '/api/admin/tickets/{id}/assign', auth: ['admin', 'technician'], tag: 'admin', summary: 'Assign a ticket to a technician or admin by sign-in e-mail (400 for any other account), who is e-mailed; 409 when closed',
  params: Id, body: TicketAssignInput, response: Ticket, access: { table: 'write', cognito: true, mail: true },
});

export const adminListStaff = route({
  method: 'GET', path: '/api/admin/staff', auth: ['admin', 'technician'], tag: 'admin', summary: 'The accounts a ticket can be assigned to: administrators and technicians (Cognito groups), by name',
  response: /* @__PURE__ */ lazySchema(() => z.array(StaffMember)), access: { cognito: true },
});

export const adminCommentTicket = route({
  method: 'POST', path: '/api/admin/tickets/{id}/comments', auth: ['admin', 'technician'], tag: 'admin', summary: 'Add a comment to a ticket that is not closed (409 when closed)',
  params: Id, body: TicketCommentInput, response: Ticket, access: { table: 'write' },
});

export const adminCloseTicket = route({
  method: 'POST', path: '/api/admin/tickets/{id}/close', auth: ['admin', 'technician'], tag: 'admin', summary: "Close a ticket with a resolution note; its open problem reports are resolved in the same transaction (the station's flag clears)",
  params: Id, body: TicketCloseInput, response: Ticket, access: { table: 'write' },
});

export const adminCreateCommand = route({
  method: 'POST', path: '/api/admin/commands', auth: ['admin'], secondFactor: true, tag: 'admin',
  summary: 'Send a remote command to some stations or all (audited): set the price per litre, lock, unlock, restart, or a firmware update rolled out a percent of the stations at a time that stops by itself when failures pass its threshold',
  body: CommandInput, status: 201, response: CommandDetail, access: { table: 'write', iotJobs: 'create' },
});

export const adminListCommands = route({
  method: 'GET', path: '/api/admin/commands', auth: ['admin'], tag: 'admin', summary: 'Remote commands, newest first',
  query: CommandsQuery, response: /* @__PURE__ */ lazySchema(() => Page(Command)), access: { table: 'read' },
});

export const adminGetCommand = route({
  method: 'GET', path: '/api/admin/commands/{id}', auth: ['admin'], tag: 'admin', summary: "A remote command with each station's execution (status, progress, rollout step)",
  params: Id, response: CommandDetail, access: { table: 'read' },
});

export const adminAbortCommand = route({
  method: 'POST', path: '/api/admin/commands/{id}/abort', auth: ['admin'], tag: 'admin', summary: 'Stop a command in progress (audited): its queued executions are canceled; 409 when it has finished',
  params: Id, response: CommandDetail, access: { table: 'write', iotJobs: 'cancel' },
});

export const adminGetSettings = route({
  method: 'GET', path: '/api/admin/settings', auth: ['admin'], tag: 'admin', summary: 'System settings',
  response: Settings, access: { table: 'read' },
});

export const adminSettingsHistory = route({
  method: 'GET', path: '/api/admin/settings/history', auth: ['admin'], tag: 'admin', summary: 'Who changed the settings, what and when (newest first)',
  query: /* @__PURE__ */ lazySchema(() => z.object({ limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), 10) })), response: /* @__PURE__ */ lazySchema(() => z.array(SettingsChange)), access: { table: 'read' },
});

export const adminPutSettings = route({
  method: 'PUT', path: '/api/admin/settings', auth: ['admin'], secondFactor: true, tag: 'admin', summary: 'Save system settings (audited)',
  body: Settings, response: Settings, access: { table: 'write' },
});

export const geocode = route({
  method: 'GET', path: '/api/geocode', auth: ['admin'], tag: 'admin', summary: 'Address autocomplete in Bali',
  query: AddressQuery, response: /* @__PURE__ */ lazySchema(() => z.array(AddressResult)), access: { geocoder: true },
});

export const hostImpactReport = route({
  method: 'GET', path: '/api/host/stations', auth: ['host'], tag: 'partners', summary: "The host's own stations and their month: litres, bottles saved, CO2 saved and uptime (the monthly impact report)",
  query: HostReportQuery, response: HostImpactReport, access: { table: 'read' },
});

export const hostStationImpact = route({
  method: 'GET', path: '/api/host/stations/{id}', auth: ['host'], tag: 'partners', summary: "One of the host's own stations in a month (404 for any other station)",
  params: MachineIdParams, query: HostReportQuery, response: HostStationImpact, access: { table: 'read' },
});

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
