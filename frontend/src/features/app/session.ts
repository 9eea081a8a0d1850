import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/user';
import { userQueries } from '../../api/user';

export type Session = { status: 'loading'; user: null } | { status: 'signedIn'; user: CurrentUser } | { status: 'signedOut'; user: null };

/**
 * Signed in means the user call returned a user (docs/design.md, "States"); no retry. An error or a 401 is signed out.
 */
export function useSession(): Session {
  const query = useQuery(userQueries.current());
  if (query.isPending) return { status: 'loading', user: null };
  if (query.data) return { status: 'signedIn', user: query.data };
  return { status: 'signedOut', user: null };
}
