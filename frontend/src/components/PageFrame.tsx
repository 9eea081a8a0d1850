import type { ReactNode } from 'react';
import { GlobalBanners } from './GlobalBanners';
import { Toaster } from './toast';

/** Around every page, routed or not: the floating install and offline banners and the toast region. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <GlobalBanners />
      <Toaster />
    </>
  );
}
