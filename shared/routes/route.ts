import * as z from '../zod';
import type { StaffRole } from '../roles';
import { lazySchema } from '../lazy-schema';

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
export function route<const D extends RouteDefinition>(definition: D): D {
  return definition;
}
export const Ok = /* @__PURE__ */ lazySchema(() => z.object({ ok: z.literal(true) }));
export const Id = /* @__PURE__ */ lazySchema(() => z.object({ id: z.string().check(z.minLength(1), z.maxLength(128)) }));
