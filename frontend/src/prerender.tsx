import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { openApiDocument } from '@shared/openapi';
import { docsQueries } from './api/docs';
import { createQueryClient } from './api/query-client';
import { FIRST_PAINT_SCRIPTS } from './first-render';
import { staticElement } from './static-page';
import { staticPageFor } from './static-pages';

/**
 * The pages whose HTML is a frame, not the browser's first render: a script of FIRST_PAINT_SCRIPTS fills it with the
 * data of the address, and the app's first render replaces it with the same page (docs/architecture.md, "The station
 * page's first paint").
 */
const frames: Readonly<Record<string, () => Promise<ReactElement>>> = {
  '/s/$id': async () => {
    const [{ PublicLayout }, { StationFirstPaint }] = await Promise.all([import('./components/PublicLayout'), import('./features/guest/StationFirstPaint')]);
    return <PublicLayout><StationFirstPaint /></PublicLayout>;
  },
  '/r/$receiptId': async () => {
    const [{ PublicLayout }, { ReceiptFirstPaint }] = await Promise.all([import('./components/PublicLayout'), import('./features/guest/GuestReceiptPage')]);
    return <PublicLayout><ReceiptFirstPaint /></PublicLayout>;
  },
  '/app': async () => {
    const { HomeFirstPaint } = await import('./features/app/HomeFirstPaint');
    return <HomeFirstPaint />;
  },
};

/**
 * The build-time entry of the public pages (docs/architecture.md, "Prerendered public pages"), built for Node by
 * vite.config.ts: the HTML of a page as the browser's first render of it makes it, in English, with the station
 * list still loading, or a page's frame (frames). The pages of staticPages are router-free trees, as main.tsx
 * renders them.
 */
export async function renderPage(path: string): Promise<string> {
  const queryClient = createQueryClient();
  // The document the browser reads from the build's file (OPENAPI_DOCUMENT_PATH), made here from the route table.
  queryClient.setQueryData(docsQueries.openApi().queryKey, openApiDocument());
  if (Object.hasOwn(frames, path) !== Object.hasOwn(FIRST_PAINT_SCRIPTS, path)) throw new Error(`${path}: a frame (src/prerender.tsx) goes with a first-paint script (src/first-render.ts), and only a frame`);
  // A frame may be a routed page's (the app's home): the routed app replaces it.
  const staticPage = staticPageFor(path);
  if (!staticPage && !Object.hasOwn(frames, path)) throw new Error(`${path} is in PRERENDERED_PAGES but not in staticPages (src/static-pages.tsx)`);
  const page = Object.hasOwn(frames, path) ? await frames[path]!() : await staticPage!(queryClient);
  // No link is followed at build time.
  const element = staticElement(queryClient, path, page, () => new Promise(() => undefined));
  // Waits for every lazy part (React.lazy) instead of writing their fallbacks; an error fails
  // the build (React would otherwise write the boundary's fallback and leave the page to the browser). Every boundary
  // is written in place, however large: React would write a large one apart, with an inline script that moves it in,
  // which the CSP forbids.
  let failed: unknown;
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void (failed ??= error) });
  if (failed) throw failed;
  const html = await new Response(prelude).text();
  if (/<script\b/i.test(html)) throw new Error(`The prerendered ${path} has an inline script, which the CSP would block: ${/<script\b[\s\S]{0,300}/i.exec(html)?.[0]}`);
  return html;
}
