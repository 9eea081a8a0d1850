/** The admin console's tabs, in order (validated as ?tab= by ../../search.ts). */
export const adminTabs = ['machines', 'users', 'transactions', 'host-requests', 'system'] as const;
export type AdminTab = (typeof adminTabs)[number];
