import { createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import { createQueryClient } from './api/query-client';
import { landingElement } from './landing';

/**
 * The build-time entry of the public pages (docs/architecture.md, "Prerendered public pages"), built for Node by
 * vite.config.ts: the HTML of a page as the browser's first render of it makes it, in English, with the station
 * list still loading. The landing page is its own router-free tree, as main.tsx renders it.
 */
export async function renderPage(path: string): Promise<string> {
  const queryClient = createQueryClient();
  let element;
  if (path === '/') {
    // No link is followed at build time.
    element = landingElement(queryClient, () => new Promise(() => undefined));
  } else {
    // Imported lazily, as landing.tsx imports it (a static import here makes the build warn that the two disagree).
    const { appElement, createAppRouter } = await import('./app');
    const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
    await router.load();
    element = appElement(queryClient, router);
  }
  // Waits for every lazy part (route components) instead of writing their fallbacks; an error fails the build
  // (React would otherwise write the boundary's fallback and leave the page to the browser).
  let failed: unknown;
  const { prelude } = await prerender(element, { onError: (error) => void (failed ??= error) });
  if (failed) throw failed;
  return new Response(prelude).text();
}
