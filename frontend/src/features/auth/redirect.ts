/**
 * A path on this site to return to after signing in ('/app/history', '/admin?tab=users'), never '//host',
 * '/\host' or 'https://...' (no open redirect), and no line breaks. Zod-free: the landing page reads it too.
 */
export const RETURN_PATH = /^\/(?![/\\])[^\r\n]*$/;

export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && RETURN_PATH.test(value) ? value : undefined;
}

/** The return path an app route sent a signed-out visitor to the home page with (see ../../search.ts). */
export const returnPathHere = (): string | undefined => safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
