import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { docsQueries } from '../../api/docs';
import { docs } from '../../i18n/docs';
import { useMessages } from '../../i18n/messages';
import { constraintsOf, typeOf } from './json-schema';
import { MethodBadge } from './MethodBadge';
import { operationsOf } from './operations';
import { SchemaTree } from './SchemaTree';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** /api-docs: the OpenAPI 3.1 document generated from the route table (a file of the build), as readable HTML. */
export function ApiDocsPage() {
  const t = useMessages(docs);
  const a = t.api;
  useDocumentTitle(a.title);
  const { data: doc } = useSuspenseQuery(docsQueries.openApi());
  const operations = useMemo(() => operationsOf(doc), [doc]);
  const tags = [...new Set(operations.map((o) => o.op.tags[0] ?? 'other'))];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{a.eyebrow}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{a.title}</h1>
          <p className="mt-2 text-slate-600">{doc.info.title} · {a.version(doc.info.version)} · OpenAPI {doc.openapi}</p>
          <p className="mt-1 max-w-2xl text-slate-600">{doc.info.description}</p>
        </div>
        <a href="/api/openapi.json" className="rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-800">{a.json}</a>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label={a.contents} className="self-start lg:sticky lg:top-24">
          <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{a.contents}</p>
          <ul className="mt-3 space-y-1 text-sm">
            {tags.map((tag) => (
              <li key={tag}><a href={`#tag-${tag}`} className="block rounded-lg px-2 py-1 text-slate-700 hover:bg-brand-50 hover:text-brand-800">{t.diagram.tags[tag as keyof typeof t.diagram.tags] ?? tag}</a></li>
            ))}
          </ul>
        </nav>
        <div className="space-y-12">
          {tags.map((tag) => (
            <section key={tag} id={`tag-${tag}`} aria-labelledby={`tag-${tag}-title`} className="scroll-mt-24">
              <h2 id={`tag-${tag}-title`} className="text-2xl font-bold text-ocean-900">{t.diagram.tags[tag as keyof typeof t.diagram.tags] ?? tag}</h2>
              <div className="mt-4 space-y-4">
                {operations.filter((o) => (o.op.tags[0] ?? 'other') === tag).map(({ path, method, op }) => (
                  <article key={op.operationId} id={op.operationId} aria-labelledby={`${op.operationId}-title`} className="rounded-2xl bg-white p-5 shadow-card ring-1 ring-slate-200">
                    <h3 id={`${op.operationId}-title`} className="flex flex-wrap items-center gap-2">
                      <MethodBadge method={method} />
                      <code className="font-mono text-sm font-semibold break-all text-slate-900">{path}</code>
                      <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-semibold text-slate-700">{a.auth}: {op['x-auth']}</span>
                    </h3>
                    <p className="mt-2 text-sm text-slate-700">{op.summary} <span className="font-mono text-xs text-slate-500">({op.operationId})</span></p>
                    {op.parameters && op.parameters.length > 0 && (
                      <div className="mt-4">
                        <h4 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{a.parameters}</h4>
                        <table className="mt-2 w-full text-left text-sm">
                          <thead className="text-xs text-slate-500">
                            <tr><th className="py-1 pr-3 font-medium">{a.name}</th><th className="py-1 pr-3 font-medium">{a.in}</th><th className="py-1 font-medium">{a.type}</th></tr>
                          </thead>
                          <tbody>
                            {op.parameters.map((p) => (
                              <tr key={p.in + p.name} className="border-t border-slate-100">
                                <td className="py-1.5 pr-3 font-mono text-slate-900">{p.name}{p.required ? '' : '?'}</td>
                                <td className="py-1.5 pr-3 text-slate-600">{p.in}</td>
                                <td className="py-1.5 font-mono text-xs text-slate-600">{typeOf(p.schema)} {constraintsOf(p.schema).join(', ')}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    )}
                    {op.requestBody && (
                      <div className="mt-4">
                        <h4 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{a.requestBody}</h4>
                        <SchemaTree schema={op.requestBody.content['application/json'].schema} required={a.required} />
                      </div>
                    )}
                    <div className="mt-4">
                      <h4 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{a.responses}</h4>
                      <ul className="mt-2 space-y-2">
                        {Object.entries(op.responses).map(([status, response]) => (
                          <li key={status}>
                            <p className="text-sm"><span className={`font-mono font-bold ${status.startsWith('2') || status.startsWith('3') ? 'text-emerald-700' : 'text-rose-700'}`}>{status}</span> <span className="text-slate-600">{response.description}</span></p>
                            {response.content ? <SchemaTree schema={response.content['application/json'].schema} /> : null}
                          </li>
                        ))}
                      </ul>
                    </div>
                  </article>
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
