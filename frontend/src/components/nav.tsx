import type { LinkComponent } from '@tanstack/react-router';
import { createContext, useContext } from 'react';

/**
 * Links and the current path for the components the public pages share (header, menus, footer, page sections). A
 * public page's first render comes without the router and its route tree, most of the JavaScript it would otherwise
 * wait for (see ../static-page.tsx), so these components must not import the router themselves: app.tsx provides the
 * router's own Link and location, static-page.tsx plain links that hand the visit over to the router when one is
 * followed.
 */
export interface Nav {
  Link: LinkComponent<'a'>;
  usePathname: () => string;
  /** Goes to an address of the site (the sign-in screens' way on once signed in). */
  useNavigate: () => Navigate;
}

export type Navigate = (options: { href: string; replace?: boolean }) => Promise<void>;

const NavContext = createContext<Nav | null>(null);

export const NavProvider = NavContext.Provider;

const useNav = () => {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('NavProvider missing');
  return nav;
};

/** The router's Link, with the same typed props; rendered by whichever navigation is in place. */
export const Link = ((props) => {
  const { Link: Impl } = useNav();
  return <Impl {...props} />;
}) as LinkComponent<'a'>;

export const usePathname = () => useNav().usePathname();

export const useNavigate = () => useNav().useNavigate();
