import type { ReactNode } from 'react';
import { GlobalBanners } from './GlobalBanners';
import { TestModeBanner } from './TestModeBanner';
import { Toaster } from './toast';

/** Around every page, routed or not: the floating install, offline and test-mode banners and the toast region. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <GlobalBanners />
      <TestModeBanner />
      <Toaster />
    </>
  );
}
