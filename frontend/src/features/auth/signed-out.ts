import { toast } from '../../components/toast';

/**
 * Sign-out design. Sessions are Cognito tokens that Amplify keeps in this browser (no server cookie), so:
 * 1. The Profile's Logout row is a link to /api/logout; its click handler first signs out everywhere
 *    (global sign-out revokes the refresh tokens, then the local tokens are cleared), then follows the link.
 * 2. GET /api/logout answers 302 to `/?signedOut=1`, so the browser lands on the home page.
 * 3. On that landing (this module, imported by main.tsx) the app clears any tokens still stored, which covers a
 *    typed-in /api/logout or a sign-out interrupted before step 1 finished, removes the marker from the address
 *    and says so in a toast. Amplify is loaded only when the marker is there: the landing bundle stays small.
 */
const SIGNED_OUT_PARAM = 'signedOut';

let clearing: Promise<void> = Promise.resolve();

/** Resolves once the tokens of a sign-out landing are cleared; the user query waits for it. */
export const signOutSettled = () => clearing;

function handleSignedOutLanding(location: Location = window.location) {
  const url = new URL(location.href);
  if (!url.searchParams.has(SIGNED_OUT_PARAM)) return;
  url.searchParams.delete(SIGNED_OUT_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  clearing = import('./index')
    .then((auth) => auth.clearLocalSession())
    .catch(() => undefined)
    .finally(() => {
      toast({ title: 'Signed out', description: 'See you at the next refill!' });
    });
}

// Not when the public pages are prerendered at build time (docs/architecture.md, "Prerendered public pages").
if (typeof window !== 'undefined') handleSignedOutLanding();
