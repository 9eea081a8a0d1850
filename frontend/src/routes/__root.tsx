import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { GlobalBanners } from '../components/GlobalBanners';
import { NotFound } from '../components/NotFound';
import { Toaster } from '../components/toast';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <>
      <Outlet />
      <GlobalBanners />
      <Toaster />
    </>
  ),
  notFoundComponent: NotFound,
});
