import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { docsQueries } from '../../api/docs';
import { DownloadIcon, ExternalIcon } from './icons';
import { docs } from '../../i18n/docs';
import { useMessages } from '../../i18n/messages';
import { Link } from '../../components/nav';
import { ArchitectureDiagram } from './ArchitectureDiagram';
import { DataModelCards } from './DataModelCards';
import { DocHeading, DocToolbar, saveSvg, toolbarButton, toolbarPrimary } from './DocToolbar';
import { EndpointCards } from './EndpointCards';
import type { JsonSchema } from './json-schema';
import { operationsOf } from './operations';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** /diagram: the IoT system architecture, with data models and endpoints from the contract (its OpenAPI document). */
export function DiagramPage() {
  const t = useMessages(docs);
  useDocumentTitle(t.diagram.title);
  const svg = useRef<SVGSVGElement>(null);
  const { data: doc } = useSuspenseQuery(docsQueries.openApi());
  const operations = useMemo(() => operationsOf(doc), [doc]);
  return (
    <>
      <DocToolbar back="/" backLabel={t.backHome}>
        <button type="button" className={toolbarButton} onClick={() => saveSvg(svg.current, 'bali-refill-architecture.svg')}>
          <DownloadIcon size={16} /> {t.downloadSvg}
        </button>
        <Link to="/app" className={toolbarPrimary}>{t.openApp}</Link>
      </DocToolbar>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <DocHeading eyebrow={t.diagram.eyebrow} title={t.diagram.title} text={t.diagram.text} />
        <figure className="mt-8">
          <div className="overflow-x-auto rounded-3xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-5" tabIndex={0} aria-label={t.diagram.figure}>
            <ArchitectureDiagram ref={svg} />
          </div>
        </figure>

        <section aria-labelledby="models-title" className="mt-14">
          <h2 id="models-title" className="text-2xl font-bold text-ocean-900">{t.diagram.modelsTitle}</h2>
          <p className="mt-1 mb-5 text-slate-600">{t.diagram.modelsText}</p>
          <DataModelCards models={doc.components.schemas as Record<string, JsonSchema>} />
        </section>

        <section aria-labelledby="endpoints-title" className="mt-14">
          <h2 id="endpoints-title" className="text-2xl font-bold text-ocean-900">{t.diagram.endpointsTitle}</h2>
          <p className="mt-1 mb-5 text-slate-600">{t.diagram.endpointsText(operations.length)}</p>
          <EndpointCards operations={operations} />
        </section>

        <div className="mt-10 flex flex-wrap gap-3">
          <a href="/api-docs" target="_blank" rel="noopener" className={toolbarPrimary}>
            {t.diagram.apiDocs} <ExternalIcon size={16} /><span className="sr-only"> {t.newTab}</span>
          </a>
          <Link to="/docs" className={toolbarButton}>{t.diagram.productionDocs}</Link>
        </div>
      </div>
    </>
  );
}
