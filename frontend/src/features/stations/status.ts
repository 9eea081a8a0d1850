import type { Machine } from '@shared/schemas/machine';

export const isOnline = (m: Pick<Machine, 'status'>) => m.status === 'online';

/** How the public pages show a status: online green, offline red, maintenance amber, anything else Unknown in grey. */
export type StatusTone = 'online' | 'offline' | 'maintenance' | 'unknown';

export function statusTone(status: Machine['status']): StatusTone {
  return status === 'online' || status === 'offline' || status === 'maintenance' ? status : 'unknown';
}

/** Dot colours; the label next to the dot always says the status too. */
export const statusColor: Record<StatusTone, string> = {
  online: '#10b981',
  offline: '#ef4444',
  maintenance: '#f59e0b',
  unknown: '#94a3b8',
};
