import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRouter, Link, RouterProvider, useLocation } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { NavProvider, type Nav } from './components/nav';
import { routeTree } from './routeTree.gen';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

const routerNav: Nav = { Link, usePathname: () => useLocation().pathname };

/** Renders the routed app: every page, and the landing page once a visit moves on from it (see landing.tsx). */
export function renderApp(root: Root, queryClient: QueryClient, router: AppRouter = createAppRouter(queryClient)) {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <NavProvider value={routerNav}>
          <RouterProvider router={router} />
        </NavProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
