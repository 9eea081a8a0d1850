import * as z from '../zod';
import { Settings } from '../schemas/settings';
import { lazySchema } from '../lazy-schema';
import { route } from './route';

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
/** One saved change of the system settings (the audit trail the System tab shows). */
const SettingsChange = /* @__PURE__ */ lazySchema(() => z.object({
  at: z.string(),
  actor: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
}));
export const adminStats = route({
  method: 'GET', path: '/api/admin/stats', auth: ['admin'], tag: 'admin', summary: 'Summary cards',
  response: AdminStats, access: { table: 'read' },
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
