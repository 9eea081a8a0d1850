import type { ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';

/**
 * Shows the first render of a visit in the page's root and returns that root for the renders after it. `framed`: the
 * root holds a page's frame (marked data-first-paint), which a script has filled.
 */
export type Mount = ((element: ReactNode) => Root) & { readonly framed: boolean };

/**
 * A page prerendered at build time (docs/architecture.md, "Prerendered public pages") arrives with its HTML in the
 * root: React hydrates it, adopting that markup. The shell (index.html, every other path) has an empty root: React
 * renders into it. So does a page's frame (the root marked data-first-paint: a script filled it, and React's first
 * render replaces it with the same page, docs/architecture.md, "The station page's first paint").
 */
export function mountIn(container: HTMLElement): Mount {
  const framed = container.hasAttribute('data-first-paint');
  const prerendered = container.firstElementChild !== null && !framed;
  const mount = (element: ReactNode) => {
    if (prerendered) return hydrateRoot(container, element);
    const root = createRoot(container);
    root.render(element);
    return root;
  };
  return Object.assign(mount, { framed });
}
