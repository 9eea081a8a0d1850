/**
 * The paths of PRERENDERED_PAGES (shared/constants.ts) and of the router-free pages (frontend/src/static-pages.tsx):
 * exact ('/about') or with `$name` segments ('/s/$id'), each of which stands for one segment without a dot (a path
 * whose last segment has a dot is a file). One rule for the CloudFront Function, the preload script of index.html and
 * the browser's choice of page. Page paths hold no other RegExp syntax: letters, digits, '-' and '/'.
 */

/** The source of a RegExp that matches a page path (its `$name` segments captured in order). */
export const pagePathPattern = (page: string) => `^${page.replace(/\$\w+/g, '([^/.]+)')}$`;

/** The entry of `table` whose path `path` is, with its `$name` segments (decoded). */
export function matchPagePath<T>(table: Readonly<Record<string, T>>, path: string): { value: T; params: Record<string, string> } | null {
  for (const [page, value] of Object.entries(table)) {
    const match = new RegExp(pagePathPattern(page)).exec(path);
    if (!match) continue;
    try {
      return { value, params: Object.fromEntries((page.match(/\$\w+/g) ?? []).map((name, i) => [name.slice(1), decodeURIComponent(match[i + 1]!)])) };
    } catch {
      // A malformed escape (%E0%A4%A): not a page.
      return null;
    }
  }
  return null;
}
