/** Search params of the sign-in screens; a tiny module, because route search validation is in the main bundle. */
export interface AuthSearch {
  /** Where to go after signing in: a path on this site only. */
  redirect?: string;
  /** E-mail to fill in. */
  email?: string;
}

/** Only same-site paths ('/app/history'), never '//host' or 'https://...' (no open redirect). */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\r\n]/.test(value) ? value : undefined;
}

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const out: AuthSearch = {};
  const redirect = safeRedirect(search.redirect);
  if (redirect) out.redirect = redirect;
  if (typeof search.email === 'string' && search.email.length <= 254) out.email = search.email;
  return out;
}
