import * as z from 'zod/mini';
import { PAYMENT_RETURN_PARAMS } from '@shared/constants';
import { adminTabs } from './features/admin/search';
import { RETURN_PATH } from './features/auth/redirect';

/**
 * The search params of every route, validated with zod. `zod/mini` because route search validation is in the
 * router's first chunk (the full zod is about 25 KB gzip; these schemas pull in a few). An unknown or malformed
 * value is dropped, never an error: a hand-edited address still opens the page.
 */
const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/** Where to go after signing in: a path on this site only. */
const returnPath = z.string().check(z.regex(RETURN_PATH));

/** The home page: the return path an app route sent a signed-out visitor here with, for its sign-in links. */
export const homeSearch = z.object({ redirect: lenient(returnPath) });

/** A guest receipt: ?keep=true when the guest signed in from it to keep it in their account. */
export const receiptSearch = z.object({ keep: lenient(z.boolean()) });

/** Sign-in, sign-up and password reset: where to go afterwards, and an e-mail to fill in. */
export const authSearch = z.object({
  redirect: lenient(returnPath),
  email: lenient(z.string().check(z.maxLength(254))),
});
export type AuthSearch = z.infer<typeof authSearch>;

/** The admin login: the console page to return to. */
export const adminLoginSearch = z.object({ redirect: lenient(z.string().check(z.regex(/^\/admin(?:[/?#][^\r\n]*)?$/))) });

/** The admin console: ?tab=, and ?user= for the transactions of one user. */
export const adminSearch = z.object({
  tab: lenient(z.enum(adminTabs)),
  user: lenient(z.string().check(z.maxLength(128))),
});
export type AdminSearch = z.infer<typeof adminSearch>;

/** The app home's overlays, one at a time (kept in ?overlay= so that the phone's Back button closes them). */
const homeOverlays = ['topup', 'nfc', 'map'] as const;
export type HomeOverlay = (typeof homeOverlays)[number];
/** ?topup=: the top-up the payment gateway's return brought the payer back to, followed in the Top Up sheet. */
export const appHomeSearch = z.object({
  overlay: lenient(z.enum(homeOverlays)),
  [PAYMENT_RETURN_PARAMS.topup]: lenient(z.string().check(z.regex(/^TU-[0-9a-f]{32}$/))),
});

/** The app map: ?machine= opens one station. */
export const appMapSearch = z.object({ machine: lenient(z.string().check(z.minLength(1), z.maxLength(128))) });

/** The console's tickets: which ones (?view=) and of which station (?station=). */
const ticketViews = ['active', 'open', 'mine', 'closed'] as const;
export type TicketView = (typeof ticketViews)[number];
export const ticketsSearch = z.object({
  view: lenient(z.enum(ticketViews)),
  station: lenient(z.string().check(z.minLength(1), z.maxLength(64))),
});

/** A calendar day (YYYY-MM-DD) that exists. */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/), z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)));

/** The console's alerts: opened from (?from=) and to (?to=, inclusive) these local days. */
export const alertsSearch = z.object({ from: lenient(day), to: lenient(day) });
export type AlertsSearch = z.infer<typeof alertsSearch>;

/** The console's Book page: the Bali day shown (?date=; today when absent). */
export const bookSearch = z.object({ date: lenient(day) });
export type BookSearch = z.infer<typeof bookSearch>;
