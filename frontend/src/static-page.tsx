import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { LinkComponent, NavigateOptions } from '@tanstack/react-router';
import { StrictMode, useEffect, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactElement } from 'react';
import { NavProvider, type Nav, type Navigate } from './components/nav';
import { PageFrame } from './components/PageFrame';
import type { AppRouter } from './app';
import type { Mount } from './mount';

/**
 * A public page without the router (docs/architecture.md, "Router-free first render"). React, TanStack Query and the
 * page are all its first render needs; the router and its route tree (about 75 KB gzip with the contract's schemas) are
 * fetched when a link shows intent (hover, focus, touch: as the router's own 'intent' preloading does) and take over
 * when a link to another page is followed: the router navigates there and renders the routed app in the same root,
 * with the same query cache. Until then the links are plain anchors, so jumps within the page are the browser's own.
 * `mount` hydrates the page prerendered at build time or renders it into the empty shell (see main.tsx).
 */
export function renderStatic(mount: Mount, queryClient: QueryClient, path: string, page: ReactElement) {
  let loading: Promise<Routed> | null = null;
  const routed = () =>
    (loading ??= import('./app').then(async ({ createAppRouter, appElement }) => {
      const router = createAppRouter(queryClient);
      // The router starts from this page and, told of the scrolling it did not see, remembers the position
      // for the way back, as it does for a page it rendered itself.
      await router.load();
      document.dispatchEvent(new Event('scroll'));
      return { router, show: () => root.render(appElement(queryClient, router)) };
    }));

  const root: ReturnType<Mount> = mount(staticElement(queryClient, path, page, routed));
}

/** A router-free page's tree, in the browser and when it is prerendered (src/prerender.tsx). */
export function staticElement(queryClient: QueryClient, path: string, page: ReactElement, routed: () => Promise<Routed>) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <NavProvider value={staticNav(path, routed)}>
          <PageFrame>
            <ScrollToHash />
            {page}
          </PageFrame>
        </NavProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

interface Routed {
  router: AppRouter;
  /** Renders the routed app in place of this page. */
  show: () => void;
}

/** The link options the router-free pages use: paths (with `$param` segments filled from params), string query values, a hash, active matching. */
type StaticLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: NonNullable<NavigateOptions['to']>;
  params?: Record<string, string>;
  search?: Record<string, string | undefined>;
  hash?: string;
  activeOptions?: { exact?: boolean; includeHash?: boolean };
};

/** Plain links that render as the router's Link does, and hand a followed link over to the router. */
function staticNav(path: string, routed: () => Promise<Routed>): Nav {
  function StaticLink({ to, params, search, hash, activeOptions, className, onClick, onMouseEnter, onFocus, onTouchStart, children, ...rest }: StaticLinkProps) {
    // Read from stores whose server value ('') the prerendered HTML has: the hydrating render matches it, the next one is right.
    const here = useSyncExternalStore(subscribeHash, currentHash, noLocationPart);
    const locationQuery = useSyncExternalStore(subscribeHash, currentSearch, noLocationPart);
    const target = { to, params, search, hash };
    const pathname = params ? to.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '')) : to;
    // A value left out (`{ redirect: undefined }`) is not in the address, as the router writes it.
    const query = new URLSearchParams(Object.entries(search ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
    const href = `${pathname}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
    // The router's rule: active on its path or below it (only on it when exact), unless it asks for an exact match
    // while there is a query string, or for a hash other than the current one.
    const onPath = activeOptions?.exact ? to === path : path.startsWith(to) && (path.length === to.length || path[to.length] === '/');
    const active = onPath && !(activeOptions?.exact && locationQuery) && (!activeOptions?.includeHash || here === (hash ? `#${hash}` : ''));
    const intent = () => void routed().then(({ router }) => router.preloadRoute(target)).catch(() => undefined);
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || rest.target) return;
      // A part of this page: the browser jumps to it, as the router would.
      if (to === path && hash) return;
      event.preventDefault();
      routed()
        .then(async ({ router, show }) => {
          await router.navigate(target);
          show();
        })
        // Without the router's code (offline, never cached) the link is followed the plain way.
        .catch(() => window.location.assign(href));
    };
    return (
      <a
        {...rest}
        href={href}
        className={active ? (className ? `${className} active` : 'active') : className}
        data-status={active ? 'active' : undefined}
        aria-current={active ? 'page' : undefined}
        onClick={follow}
        onMouseEnter={(event) => (onMouseEnter?.(event), intent())}
        onFocus={(event) => (onFocus?.(event), intent())}
        onTouchStart={(event) => (onTouchStart?.(event), intent())}
      >
        {children}
      </a>
    );
  }
  // Hands the visit over to the router at the address; without the router's code, the plain way.
  const navigate: Navigate = (options) =>
    routed()
      .then(async ({ router, show }) => {
        await router.navigate(options);
        show();
      })
      .catch(() => (options.replace ? window.location.replace(options.href) : window.location.assign(options.href)));
  return { Link: StaticLink as LinkComponent<'a'>, usePathname: () => path, useNavigate: () => navigate };
}

const subscribeHash = (listener: () => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};
const currentHash = () => window.location.hash;
const currentSearch = () => window.location.search;
const noLocationPart = () => '';

/**
 * Opened at /#partner, /about#impact and the like: the page is rendered after the browser looked for the anchor, so it goes
 * there now, as the router does.
 */
function ScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return null;
}
