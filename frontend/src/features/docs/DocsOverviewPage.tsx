import { ChevronRightIcon } from '../../components/icons';
import { BookIcon, ChipIcon, ExternalIcon, PulseIcon } from './icons';
import { SiteLink, type SiteLinkTarget } from '../../components/SiteLink';
import { docs } from '../../i18n/docs';
import { useMessages } from '../../i18n/messages';
import { DocHeading, DocToolbar } from './DocToolbar';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** /docs: overview of the documentation, with links to the other documentation pages. */
export function DocsOverviewPage() {
  const t = useMessages(docs);
  const o = t.overview;
  useDocumentTitle(o.title);
  const links: { key: keyof typeof o.links; target: SiteLinkTarget; icon: typeof BookIcon }[] = [
    { key: 'diagram', target: { to: '/diagram' }, icon: ChipIcon },
    { key: 'flow', target: { to: '/user-flow' }, icon: PulseIcon },
    { key: 'api', target: { newTab: '/api-docs' }, icon: BookIcon },
    { key: 'markdown', target: { newTab: '/docs/user-flow.md' }, icon: BookIcon },
  ];
  return (
    <>
      <DocToolbar back="/" backLabel={t.backHome} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <DocHeading eyebrow={o.eyebrow} title={o.title} text={o.text} />
        <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
          <div className="space-y-6">
            {o.sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-card ring-1 ring-slate-200">
                <h2 id={`${section.id}-title`} className="text-xl font-bold text-ocean-900">{section.title}</h2>
                <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 marker:text-brand-600">
                  {section.items.map((item) => <li key={item}>{item}</li>)}
                </ul>
              </section>
            ))}
          </div>
          <aside aria-labelledby="more-docs" className="self-start lg:sticky lg:top-24">
            <h2 id="more-docs" className="text-lg font-bold text-ocean-900">{o.linksTitle}</h2>
            <ul className="mt-4 space-y-3">
              {links.map(({ key, target, icon: Icon }) => (
                <li key={key}>
                  <SiteLink target={target} className="group flex items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 transition hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600">
                    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800"><Icon size={20} /></span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-1.5 font-semibold text-slate-900">
                        {o.links[key]}
                        {'newTab' in target ? <><ExternalIcon size={14} className="text-slate-500" /><span className="sr-only"> {t.newTab}</span></> : null}
                      </span>
                      <span className="mt-0.5 block text-sm text-slate-600">{o.linkTexts[key]}</span>
                    </span>
                    <ChevronRightIcon size={18} className="mt-2 text-slate-500 group-hover:text-brand-700" />
                  </SiteLink>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </div>
    </>
  );
}
