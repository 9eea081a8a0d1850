import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { useNavigate } from '../../components/nav';
import type { AuthSearch } from '../../search';
import { maybeSignedIn } from './maybe-signed-in';
import { safeRedirect } from './redirect';

/**
 * A sign-in screen (sign in, sign up, password reset) as a router-free public page (src/static-pages.tsx), prerendered
 * at build time: its search read from the address without the router's zod schema (the same rule: a return path on
 * this site, an e-mail of at most 254 characters), after hydration, since the prerendered HTML has none; a visitor
 * signed in already goes straight on, as the route's `skipWhenSignedIn` sends them (to `signedIn` where the page is
 * the way into a page of its own: /host, a host's page, signs its visitor in first).
 */
export function RouterFreeAuth({ Screen, signedIn = '/app' }: { Screen: ComponentType<{ search: AuthSearch }>; signedIn?: string }) {
  const query = useSyncExternalStore(subscribeNothing, () => window.location.search, () => '');
  const search = readAuthSearch(query);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    // Without stored tokens nobody is signed in: the check's code (the router's loaders, Amplify, the typed client, about
    // 100 KB) is not fetched on a slow link for nothing.
    if (!maybeSignedIn()) return;
    void import('../../route-data')
      .then(({ currentUser }) => currentUser(queryClient))
      .then((user) => user && navigate({ href: search.redirect ?? signedIn, replace: true }));
  }, [queryClient, navigate, search.redirect, signedIn]);
  // A screen fills its e-mail from the search when it mounts: opened with ?email=, it mounts again once the address is read.
  return <Screen key={search.email ?? ''} search={search} />;
}

const subscribeNothing = () => () => undefined;

function readAuthSearch(query: string): AuthSearch {
  const params = new URLSearchParams(query);
  const email = params.get('email');
  return { redirect: safeRedirect(params.get('redirect')), email: email !== null && email.length <= 254 ? email : undefined };
}
