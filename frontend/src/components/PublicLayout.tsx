import type { ReactNode } from 'react';
import { common } from '../i18n/common';
import { useMessages } from '../i18n/messages';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

/** Header, main landmark and footer shared by every public page. */
export function PublicLayout({ children, openApp = false, footer = true }: { children: ReactNode; openApp?: boolean; footer?: boolean }) {
  const t = useMessages(common);
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        {t.skipToContent}
      </a>
      <PublicHeader openApp={openApp} />
      <main id="main" tabIndex={-1} className="pt-16 focus:outline-none">
        {children}
      </main>
      {footer && <PublicFooter />}
    </>
  );
}
