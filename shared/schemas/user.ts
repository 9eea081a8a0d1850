import * as z from '../zod';
import { staffRoles } from '../roles';
import { lazySchema } from '../lazy-schema';

export const EnvironmentalImpact = /* @__PURE__ */ lazySchema(() => z.object({
  co2Saved: z.number(),
  bottlesSaved: z.number(),
  litresRefilled: z.number(),
}));
export type EnvironmentalImpact = z.infer<typeof EnvironmentalImpact>;

/** The signed-in user. Balance is integer rupiah (shown as points in places). */
export const User = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
  createdAt: z.string(),
  balance: z.number().check(z.int(), z.nonnegative()),
  /** Rupiah owed: water dispensed (or a refund) the balance did not cover; the next top-up pays it first. */
  owed: z.number().check(z.int(), z.nonnegative()),
  co2Saved: z.number(),
  bottlesSaved: z.number(),
}));
export type User = z.infer<typeof User>;

/**
 * The signed-in user as they see themselves (GET /api/auth/user): with the offline allowance their pay code holds
 * (docs/architecture.md, "Offline vends"), out of the balance until a station uses it or `until`, when what is unused
 * comes back.
 */
export const CurrentUser = /* @__PURE__ */ lazySchema(() => z.extend(User, {
  reserved: z.nullable(z.object({ amount: z.number().check(z.int(), z.positive()), until: z.string() })),
}));
export type CurrentUser = z.infer<typeof CurrentUser>;

/** A user as the admin console lists it. */
export const AdminUser = /* @__PURE__ */ lazySchema(() => z.extend(User, {
  environmentalImpact: z.object({ litersRefilled: z.number(), plasticBottlesSaved: z.number(), co2Saved: z.number() }),
}));
export type AdminUser = z.infer<typeof AdminUser>;

/** The console user: the role is one of shared/roles.ts (admin, technician, host). */
export const AdminIdentity = /* @__PURE__ */ lazySchema(() => z.object({ username: z.string(), role: z.enum(staffRoles) }));
export type AdminIdentity = z.infer<typeof AdminIdentity>;
