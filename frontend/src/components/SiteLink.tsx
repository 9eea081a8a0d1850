import type { ReactNode } from 'react';
import { Link } from './nav';

export type InternalPath = '/' | '/about' | '/stations' | '/docs' | '/diagram' | '/user-flow' | '/app';

/** A link of the public menus: a route (with an optional anchor), a new-tab page, or a placeholder (#) that docs/design.md, "Screens and routes" keeps. */
export type SiteLinkTarget =
  | { to: InternalPath; hash?: string }
  | { newTab: '/api-docs' | '/docs/user-flow.md' }
  | { placeholder: true };

export function SiteLink({ target, className, onNavigate, children, ...aria }: {
  target: SiteLinkTarget;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
  'aria-label'?: string;
}) {
  if ('placeholder' in target) {
    return <a href="#" className={className} onClick={onNavigate} {...aria}>{children}</a>;
  }
  if ('newTab' in target) {
    return <a href={target.newTab} target="_blank" rel="noopener" className={className} onClick={onNavigate} {...aria}>{children}</a>;
  }
  return <Link to={target.to} hash={target.hash} className={className} onClick={onNavigate} {...aria}>{children}</Link>;
}
