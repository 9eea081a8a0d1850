import * as z from '../zod';
import { AdminIdentity, AdminUser, CurrentUser, EnvironmentalImpact } from '../schemas/user';
import { Page, PageQuery } from '../schemas/transaction';
import { lazySchema } from '../lazy-schema';
import { formatRupiah } from '../money';
import { route, Ok, Id } from './route';

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
      z.gte(-MAX_ADJUSTMENT_IDR, `At most ${formatRupiah(MAX_ADJUSTMENT_IDR)} at once`),
      z.lte(MAX_ADJUSTMENT_IDR, `At most ${formatRupiah(MAX_ADJUSTMENT_IDR)} at once`),
      z.refine((v) => v !== 0, 'Enter an amount other than 0'),
    ),
    /** The balance the admin saw when deciding the adjustment. */
    expectedBalance: z.number().check(z.int(), z.nonnegative()),
    reason: z.string({ error: REASON_REQUIRED }).check(z.trim(), z.minLength(1, REASON_REQUIRED), z.maxLength(500, 'The reason is too long')),
  })),
}));
export const getCurrentUser = route({
  method: 'GET', path: '/api/auth/user', auth: 'user', tag: 'account', summary: 'The signed-in user, created on first sign-in',
  response: CurrentUser, access: { table: 'write' },
});
export const logout = route({
  method: 'GET', path: '/api/logout', auth: 'public', tag: 'account', summary: 'Browser navigation that ends the session and returns to /',
  status: 302, response: /* @__PURE__ */ lazySchema(() => z.null()), access: {},
});
export const getEnvironmentalImpact = route({
  method: 'GET', path: '/api/environmental-impact', auth: 'user', tag: 'account', summary: 'Impact derived from metered litres',
  response: EnvironmentalImpact, access: { table: 'read' },
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
