/**
 * The console's roles, one Cognito group each (docs/architecture.md, "Roles"): administrators run the network,
 * technicians keep stations working in the field (never money or people), hosts are partner businesses that see
 * their own stations' impact. In order of precedence: an account in two groups acts as the first.
 */
export const staffRoles = ['admin', 'technician', 'host'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The role an account's groups give it in the console; null for app users. */
export const staffRoleOf = (groups: readonly string[]): StaffRole | null => staffRoles.find((role) => groups.includes(role)) ?? null;

/** Each role's own home: hosts their report, technicians and administrators the console, app users the app. */
export const homeOf = (role: StaffRole | null): string => (role === 'host' ? '/host' : role ? '/admin' : '/app');

/**
 * Where a sign-in goes, wherever it happened (/signin or /admin/login): an app user to the page it came from (the app
 * by default); a staff account to that page only when it lies in its own home, else to its home (a host who signed in
 * from the landing page's "Find stations" lands on its report, not in an empty wallet).
 */
export function landingAfterSignIn(role: StaffRole | null, redirect: string | undefined): string {
  if (!role) return redirect ?? '/app';
  const home = homeOf(role);
  const path = redirect?.split(/[?#]/)[0];
  return redirect && (path === home || path?.startsWith(`${home}/`)) ? redirect : home;
}
