import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { languageReady } from './i18n/language';
import './styles.css';
// Clears the tokens after GET /api/logout lands on /?signedOut=1 (Amplify is loaded only then).
import './features/auth/signed-out';

const root = createRoot(document.getElementById('root')!);
const queryClient = createQueryClient();

// A visit that starts on the landing page renders it without the router, which follows when the visitor
// moves on; every other page starts with the router. index.html preloads the chunks of either (see
// vite.config.ts); the texts of the visitor's language come alongside.
if (window.location.pathname === '/') {
  void Promise.all([import('./landing'), languageReady()]).then(([{ renderLanding }]) => renderLanding(root, queryClient));
} else {
  void Promise.all([import('./app'), languageReady()]).then(([{ renderApp }]) => renderApp(root, queryClient));
}
