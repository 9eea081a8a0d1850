import { z } from 'zod';

/**
 * The admin dashboard's search params (?tab=, ?user=). Kept apart from the dashboard so that the route
 * tree, which the first page load includes, does not pull the dashboard in with it.
 */
export const adminTabs = ['machines', 'users', 'transactions', 'host-requests', 'system'] as const;
export type AdminTab = (typeof adminTabs)[number];

export const AdminSearch = z.object({
  tab: z.enum(adminTabs).optional().catch(undefined),
  /** Transactions of one user. */
  user: z.string().max(128).optional().catch(undefined),
});
export type AdminSearch = z.infer<typeof AdminSearch>;

export const validateAdminSearch = (search: Record<string, unknown>): AdminSearch => AdminSearch.parse(search);
