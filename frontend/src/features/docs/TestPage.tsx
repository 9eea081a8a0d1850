import { useState } from 'react';
import { docs } from '../../i18n/docs';
import { useMessages } from '../../i18n/messages';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** /admin/test: a plain page showing the current URL and a timestamp. */
export function TestPage() {
  const t = useMessages(docs).test;
  useDocumentTitle(t.title);
  const [{ url, timestamp }] = useState(() => ({ url: window.location.href, timestamp: new Date().toISOString() }));
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-bold text-slate-900">{t.title}</h1>
      <dl className="mt-6 space-y-4 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
        <div>
          <dt className="text-sm font-medium text-slate-600">{t.url}</dt>
          <dd className="mt-1 font-mono text-sm break-all text-slate-900" data-testid="current-url">{url}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t.timestamp}</dt>
          <dd className="mt-1 font-mono text-sm text-slate-900" data-testid="timestamp"><time dateTime={timestamp}>{timestamp}</time></dd>
        </div>
      </dl>
    </main>
  );
}
