import type { ReactNode } from 'react';
import { common } from '../i18n/common';
import { useMessages } from '../i18n/messages';
import { Logo } from './Logo';
import { SiteLink, type SiteLinkTarget } from './SiteLink';

/** Footer of the public pages: platform and support links, app download placeholders (the only `#` links the spec keeps), the 2025 copyright line. */
export function PublicFooter() {
  const t = useMessages(common);
  const f = t.footer;
  const columns: { title: string; links: [string, SiteLinkTarget][] }[] = [
    { title: f.platform, links: [[f.findStations, { to: '/stations' }], [f.howItWorks, { to: '/about', hash: 'technology' }], [f.hostStation, { to: '/', hash: 'partner' }]] },
    { title: f.support, links: [[f.helpCenter, { to: '/help' }], [f.contactUs, { to: '/contact' }], [f.privacyPolicy, { to: '/privacy' }]] },
  ];
  return (
    <footer id="site-footer" className="bg-ocean-950 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div>
          <div className="flex items-center gap-2.5">
            <Logo size={32} />
            <span className="text-lg font-bold text-white">{t.productName}</span>
          </div>
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-400">{f.blurb}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-white">{column.title}</h2>
            <ul className="mt-4 space-y-2.5 text-sm">
              {column.links.map(([label, target]) => (
                <li key={label}>
                  <SiteLink target={target} className="inline-flex items-center text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400">{label}</SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="text-sm font-semibold text-white">{f.getTheApp}</h2>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row md:flex-col">
            <StoreBadge label={f.ios} glyph={<path d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8ZM14.1 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.7 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.7-1.3Z" fill="currentColor" />} />
            <StoreBadge label={f.android} glyph={<path d="M4 3.5v17c0 .4.4.6.7.4l9.3-8.9L4.7 3.1c-.3-.2-.7 0-.7.4Zm11.4 7.2 2.8-2.7-10.9-6.2 8.1 8.9Zm0 2.6-8.1 8.9 10.9-6.2-2.8-2.7Zm4.6-2.3-2.3-1.3-3 2.3 3 2.3 2.3-1.3c.8-.5.8-1.5 0-2Z" fill="currentColor" />} />
          </div>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6">{f.copyright}</p>
      </div>
    </footer>
  );
}

function StoreBadge({ label, glyph }: { label: string; glyph: ReactNode }) {
  return (
    <a href="#" className="inline-flex items-center gap-2.5 rounded-xl border border-white/15 bg-white/5 px-4 py-2.5 text-sm font-medium text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-400">
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">{glyph}</svg>
      {label}
    </a>
  );
}
