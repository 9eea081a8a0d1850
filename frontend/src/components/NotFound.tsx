import { Link, useLocation } from '@tanstack/react-router';
import { common } from '../i18n/common';
import { useMessages } from '../i18n/messages';
import { Logo } from './Logo';
import { useDocumentTitle } from './useDocumentTitle';

/** Any path without a route: '404 Page Not Found' plus a developer hint. */
export function NotFound() {
  const t = useMessages(common).notFound;
  useDocumentTitle(t.title);
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-white p-6">
      <div className="max-w-md rounded-3xl bg-white p-8 text-center shadow-card ring-1 ring-slate-200">
        <div className="flex justify-center"><Logo size={48} /></div>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">{t.title}</h1>
        <p className="mt-3 text-sm text-slate-600">{t.hint(pathname)}</p>
        <Link to="/" className="mt-6 inline-flex rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">{t.home}</Link>
      </div>
    </main>
  );
}
