import { useRef } from 'react';
import { DownloadIcon, ExternalIcon } from './icons';
import { docs } from '../../i18n/docs';
import { useMessages } from '../../i18n/messages';
import { DocHeading, DocToolbar, saveSvg, toolbarButton, toolbarPrimary } from './DocToolbar';
import { UserFlowDiagram } from './UserFlowDiagram';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** /user-flow: the flow diagram with its summary; View Docs opens the Markdown document in a new tab. */
export function UserFlowPage() {
  const t = useMessages(docs);
  useDocumentTitle(t.flow.title);
  const svg = useRef<SVGSVGElement>(null);
  return (
    <>
      <DocToolbar back="/app" backLabel={t.backToApp}>
        <a href="/docs/user-flow.md" target="_blank" rel="noopener" className={toolbarButton}>
          {t.viewDocs} <ExternalIcon size={16} /><span className="sr-only"> {t.newTab}</span>
        </a>
        <button type="button" className={toolbarPrimary} onClick={() => saveSvg(svg.current, 'bali-refill-user-flow.svg')}>
          <DownloadIcon size={16} /> {t.downloadSvg}
        </button>
      </DocToolbar>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <DocHeading eyebrow={t.flow.eyebrow} title={t.flow.title} text={t.flow.text} />
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
          <figure className="overflow-x-auto rounded-3xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-5" tabIndex={0} aria-label={t.flow.figure}>
            <UserFlowDiagram ref={svg} />
          </figure>
          <section aria-labelledby="summary-title" className="self-start lg:sticky lg:top-24">
            <h2 id="summary-title" className="text-2xl font-bold text-ocean-900">{t.flow.summaryTitle}</h2>
            <ul className="mt-4 space-y-4">
              {t.flow.summary.map((item) => (
                <li key={item.title} className="rounded-2xl bg-white p-5 shadow-card ring-1 ring-slate-200">
                  <h3 className="font-semibold text-slate-900">{item.title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{item.text}</p>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
