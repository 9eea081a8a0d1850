import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRouter, Link, RouterProvider, useLocation, useNavigate } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { NavProvider, type Nav } from './components/nav';
import type { Mount } from './mount';
import { takeFirstPaintUser } from './route-data';
import { routeTree } from './routeTree.gen';

/** The router of the app. */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

const routerNav: Nav = {
  Link,
  usePathname: () => useLocation().pathname,
  useNavigate: () => {
    const navigate = useNavigate();
    return (options) => navigate(options);
  },
};

/** The routed app's tree: every page, and a router-free public page once a visit moves on from it (see static-page.tsx). */
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
 * Renders the routed app into the empty shell (the prerendered pages are router-free: static-page.tsx), or in place
 * of the app home's prerendered frame (app.html, docs/architecture.md, "The app home's first paint"): then only once
 * the home is loaded, with the person its first paint loaded, so the frame never gives way to a loading state.
 */
export async function renderApp(mount: Mount, queryClient: QueryClient) {
  const router = createAppRouter(queryClient);
  if (mount.framed) {
    await takeFirstPaintUser(queryClient);
    await router.load();
  }
  mount(appElement(queryClient, router));
}
