/**
 * The console's roles, one Cognito group each (docs/architecture.md, "Roles"): administrators run the network,
 * technicians keep stations working in the field (never money or people), hosts are partner businesses that see
 * their own stations' impact. In order of precedence: an account in two groups acts as the first.
 */
export const staffRoles = ['admin', 'technician', 'host'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The role an account's groups give it in the console; null for app users. */
export const staffRoleOf = (groups: readonly string[]): StaffRole | null => staffRoles.find((role) => groups.includes(role)) ?? null;
