import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRouter, Link, RouterProvider, useLocation, type RouterHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { NavProvider, type Nav } from './components/nav';
import type { Mount } from './mount';
import { routeTree } from './routeTree.gen';

/** The router of the app; at build time with a memory history and no scroll restoration (its script is for browsers). */
export function createAppRouter(queryClient: QueryClient, prerender?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: !prerender,
    ...(prerender && { history: prerender.history }),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

const routerNav: Nav = { Link, usePathname: () => useLocation().pathname };

/** The routed app's tree: every page, a router-free public page once a visit moves on from it (see static-page.tsx), and /stations. */
export function appElement(queryClient: QueryClient, router: AppRouter) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <NavProvider value={routerNav}>
          <RouterProvider router={router} />
        </NavProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * Renders the routed app. A prerendered page is hydrated: its route and the route's code are loaded first, as they
 * were when it was rendered at build time, and the router is told that its first render adopts HTML made on a
 * server (router.ssr), so it renders the tree it rendered there (no Suspense boundary around the root match).
 */
export async function renderApp(mount: Mount, queryClient: QueryClient, prerendered: boolean) {
  const router = createAppRouter(queryClient);
  if (prerendered) {
    await router.load();
    router.ssr = { manifest: undefined };
  }
  mount(appElement(queryClient, router));
}
