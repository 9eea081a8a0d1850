/**
 * The modules of each page's first render, by the path opened ('*' for any other path: the routed app), for the build
 * and the budget check (docs/scale.md, "First-render JavaScript budget"): vite.config.ts preloads the chunks of the
 * path being opened from them, and test/static/first-render-budget.test.ts adds up those chunks, with the entry's, in
 * the build's own chunk graph. A router-free public page's first render is the page and the public pages' header and
 * footer (src/static-pages.tsx); a sign-in screen's, the screen and what reads its search. Their renderer
 * (src/static-page.tsx) is the entry's.
 */
const staticPage = (page: string) => [`src/features/${page}`, 'src/components/PublicLayout.tsx'];
/** A sign-in screen as a router-free page: the screen and what reads its search. */
const authPage = (screen: string) => [`src/features/auth/${screen}.tsx`, 'src/features/auth/RouterFreeAuth.tsx'];

export const FIRST_RENDER_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': ['src/features/landing/LandingPage.tsx'],
  '/stations': staticPage('stations/StationsPage.tsx'),
  '/about': staticPage('about/AboutPage.tsx'),
  '/docs': staticPage('docs/DocsOverviewPage.tsx'),
  '/diagram': staticPage('docs/DiagramPage.tsx'),
  '/user-flow': staticPage('docs/UserFlowPage.tsx'),
  '/api-docs': staticPage('docs/ApiDocsPage.tsx'),
  '/signin': authPage('SignInScreen'),
  '/signup': authPage('SignUpScreen'),
  '/forgot-password': authPage('ForgotPasswordScreen'),
  '/host': authPage('SignInScreen'),
  '/s/$id': staticPage('guest/GuestStationPage.tsx'),
  '/r/$receiptId': staticPage('guest/GuestReceiptPage.tsx'),
  // The signed-in app's home, reloaded (docs/scale.md, "The signed-in app's first screen"): with the routed app, what
  // its guard and loader import one after the other (the user's call, the auth module, the screen, its data's calls),
  // fetched at once. No budget: the app's first screen has its 1.5 s instead.
  '/app': [
    'src/app.tsx',
    'src/api/user.ts',
    'src/features/auth/index.ts',
    'src/routes/app/route.tsx?tsr-split=component',
    'src/routes/app/index.tsx?tsr-split=component',
    'src/api/transactions.ts',
    'src/api/impact.ts',
    'src/api/stations.ts',
  ],
  '*': ['src/app.tsx'],
};

/**
 * The inline script of a prerendered page whose HTML is a frame (src/prerender.tsx, frames) that fills it from the
 * address's data before the app's code has loaded: built by vite.config.ts into the page's head, allowed by the CSP by
 * its hash (infra/constructs/web.ts, inlineScriptSources). Not part of the budget: it is in the HTML.
 */
export const FIRST_PAINT_SCRIPTS: Readonly<Record<string, string>> = {
  '/s/$id': 'src/features/guest/station-first-paint.ts',
  '/r/$receiptId': 'src/features/guest/receipt-first-paint.ts',
  '/app': 'src/features/app/home-first-paint.ts',
};

/** The prerendered pages with no first-render budget: the app's home has its 1.5 s to the balance instead. */
export const UNBUDGETED_PAGES: readonly string[] = ['/app'];

/** The most JavaScript a public or first page may load before its first render, gzip (level 6), in KiB. */
export const FIRST_RENDER_BUDGET_KB = 100;
