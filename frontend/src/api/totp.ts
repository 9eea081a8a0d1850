import { queryOptions } from '@tanstack/react-query';
import { authKeys } from './user';
import { startTotpEnrolment } from './admin-session';

export const totpQueries = {
  /** The secret of an administrator's TOTP enrolment: one per visit of the step (never cached, never asked twice). */
  setup: (accountName: string) =>
    queryOptions({ queryKey: [...authKeys.all, 'totp-setup', accountName] as const, queryFn: () => startTotpEnrolment(accountName), staleTime: Infinity, gcTime: 0, retry: false }),
};
