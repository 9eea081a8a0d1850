import { createQueryClient } from './api/query-client';
import { languageReady } from './i18n/language';
import { mountIn } from './mount';
import { runtimeConfig } from './runtime-config';
import { renderStatic } from './static-page';
import { staticPageFor } from './static-pages';
import './styles.css';
// Clears the tokens after GET /api/logout lands on /?signedOut=1 (Amplify is loaded only then).
import './features/auth/signed-out';

// Zod tries new Function() once to compile its parsers; the CSP forbids eval and Chromium reports even a caught
// attempt as a violation. Zod reads this global config when it loads (always later: only lazy chunks carry it).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

const mount = mountIn(document.getElementById('root')!);
const queryClient = createQueryClient();

// A visit that starts on a public page (staticPages) renders it without the router, which follows when the visitor
// moves on; every other page starts with the router. index.html preloads the chunks of either (see
// vite.config.ts) and /config.json; the texts of the visitor's language come alongside. The first render
// waits for /config.json, so that a test-mode banner is there from the first paint (no layout shift). The public pages
// come prerendered in English (docs/architecture.md, "Prerendered public pages") and are hydrated.
const path = window.location.pathname;
const staticPage = staticPageFor(path);
if (staticPage) {
  void Promise.all([staticPage(queryClient), languageReady(), runtimeConfig]).then(([page]) => renderStatic(mount, queryClient, path, page));
} else {
  void Promise.all([import('./app'), languageReady(), runtimeConfig]).then(([{ renderApp }]) => renderApp(mount, queryClient));
}
