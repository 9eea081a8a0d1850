import type { Machine } from '../../../../shared/schemas';

export const isOnline = (m: Pick<Machine, 'status'>) => m.status === 'online';
