import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactElement } from 'react';
import { matchPagePath } from '@shared/page-paths';
import type { AuthSearch } from './search';
import { docsQueries } from './api/docs';

/** A page's element, loaded with the data its first render shows; `params` are the path's `$name` segments. */
type StaticPage = (queryClient: QueryClient, params: Record<string, string>) => Promise<ReactElement>;

/**
 * The public pages whose first render needs no router (docs/architecture.md, "Router-free first render"), each with
 * its page, loaded with the data that render shows; main.tsx renders them with static-page.tsx, prerender.tsx too.
 * The routes (src/routes) render the same pages once the router runs. Paths as PRERENDERED_PAGES writes them.
 */
const staticPages: Readonly<Record<string, StaticPage>> = {
  '/': async (queryClient) => {
    // Start loading the stations while the page's own code is still on its way; never block on it.
    prefetchStations(queryClient);
    const { HomePage } = await import('./features/landing/LandingPage');
    return <HomePage />;
  },
  '/stations': (queryClient) => {
    prefetchStations(queryClient);
    return publicPage(import('./features/stations/StationsPage').then((m) => <m.StationsPage />), { openApp: true });
  },
  '/about': () => publicPage(import('./features/about/AboutPage').then((m) => <m.AboutPage />)),
  '/docs': () => publicPage(import('./features/docs/DocsOverviewPage').then((m) => <m.DocsOverviewPage />)),
  '/user-flow': () => publicPage(import('./features/docs/UserFlowPage').then((m) => <m.UserFlowPage />)),
  '/diagram': async (queryClient) => {
    await queryClient.ensureQueryData(docsQueries.openApi());
    return publicPage(import('./features/docs/DiagramPage').then((m) => <m.DiagramPage />));
  },
  '/api-docs': async (queryClient) => {
    await queryClient.ensureQueryData(docsQueries.openApi());
    return publicPage(import('./features/docs/ApiDocsPage').then((m) => <m.ApiDocsPage />));
  },
  '/signin': () => authPage(import('./features/auth/SignInScreen').then((m) => m.SignInScreen)),
  '/signup': () => authPage(import('./features/auth/SignUpScreen').then((m) => m.SignUpScreen)),
  '/forgot-password': () => authPage(import('./features/auth/ForgotPasswordScreen').then((m) => m.ForgotPasswordScreen)),
  // A host's page: signed out, its way in (a host signing in lands there); signed in, the router's page (HostPage).
  '/host': () => authPage(import('./features/auth/SignInScreen').then((m) => m.SignInScreen), '/host'),
  '/s/$id': (queryClient, { id }) => publicPage(import('./features/guest/GuestStationPage').then((m) => m.stationPage(queryClient, id!))),
  '/r/$receiptId': (queryClient, { receiptId }) => publicPage(import('./features/guest/GuestReceiptPage').then((m) => m.receiptPage(queryClient, receiptId!))),
};

/** A sign-in screen, in its own frame (no public header and footer); someone signed in goes on to `signedIn`. */
async function authPage(screen: Promise<ComponentType<{ search: AuthSearch }>>, signedIn?: string): Promise<ReactElement> {
  const [{ RouterFreeAuth }, Screen] = await Promise.all([import('./features/auth/RouterFreeAuth'), screen]);
  return <RouterFreeAuth Screen={Screen} signedIn={signedIn} />;
}

/**
 * The station list, loading beside the page's code: its loader is a chunk of its own, which only the pages that show
 * stations fetch for their first render (src/first-render.ts).
 */
function prefetchStations(queryClient: QueryClient) {
  void import('./api/stations').then(({ stationQueries }) => queryClient.prefetchQuery(stationQueries.all()));
}

/** The router-free page of a path, if it has one (exact paths and `$name` segments only: '/about/' is not '/about'). */
export function staticPageFor(path: string): ((queryClient: QueryClient) => Promise<ReactElement>) | undefined {
  const page = matchPagePath(staticPages, path);
  return page ? (queryClient) => page.value(queryClient, page.params) : undefined;
}

/** A page in the public pages' header and footer, as the routes render it. */
async function publicPage(page: Promise<ReactElement>, layout: { openApp?: boolean } = {}): Promise<ReactElement> {
  const [{ PublicLayout }, element] = await Promise.all([import('./components/PublicLayout'), page]);
  return <PublicLayout {...layout}>{element}</PublicLayout>;
}
