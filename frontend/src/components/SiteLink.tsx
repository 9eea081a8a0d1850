import type { ReactNode } from 'react';
import type { FinderSearch } from '../features/stations/finder-search';
import { Link } from './nav';

export type InternalPath = '/' | '/about' | '/stations' | '/docs' | '/diagram' | '/user-flow' | '/app' | '/help' | '/contact' | '/privacy';

/**
 * A link of the public menus: a route (with an optional anchor), the station finder asked for an area, a kind of place,
 * the visitor's position or the report form, the sign-in going on to the app, or a new-tab page.
 */
export type SiteLinkTarget =
  | { to: InternalPath; hash?: string }
  | { finder: FinderSearch }
  | { signIn: '/app' }
  | { newTab: '/api-docs' | '/docs/user-flow.md' };

export function SiteLink({ target, className, onNavigate, children, ...aria }: {
  target: SiteLinkTarget;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
  'aria-label'?: string;
}) {
  if ('newTab' in target) {
    return <a href={target.newTab} target="_blank" rel="noopener" className={className} onClick={onNavigate} {...aria}>{children}</a>;
  }
  if ('finder' in target) {
    return <Link to="/stations" search={target.finder} className={className} onClick={onNavigate} {...aria}>{children}</Link>;
  }
  if ('signIn' in target) {
    return <Link to="/signin" search={{ redirect: target.signIn }} className={className} onClick={onNavigate} {...aria}>{children}</Link>;
  }
  return <Link to={target.to} hash={target.hash} className={className} onClick={onNavigate} {...aria}>{children}</Link>;
}
