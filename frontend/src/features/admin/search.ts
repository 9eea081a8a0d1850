/**
 * The admin dashboard's search params (?tab=, ?user=). Kept apart from the dashboard, and free of zod, so
 * that the route tree, which the first page load includes, pulls in neither the dashboard nor zod.
 */
export const adminTabs = ['machines', 'users', 'transactions', 'host-requests', 'system'] as const;
export type AdminTab = (typeof adminTabs)[number];

export interface AdminSearch {
  tab?: AdminTab;
  /** Transactions of one user. */
  user?: string;
}

/** Unknown or malformed values are dropped, never an error: a hand-edited address still opens the dashboard. */
export function validateAdminSearch(search: Record<string, unknown>): AdminSearch {
  const { tab, user } = search;
  return {
    ...(adminTabs.includes(tab as AdminTab) && { tab: tab as AdminTab }),
    ...(typeof user === 'string' && user.length <= 128 && { user }),
  };
}
