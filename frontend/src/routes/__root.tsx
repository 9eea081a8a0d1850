import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound';
import { PageFrame } from '../components/PageFrame';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <PageFrame>
      <Outlet />
    </PageFrame>
  ),
  notFoundComponent: NotFound,
});
