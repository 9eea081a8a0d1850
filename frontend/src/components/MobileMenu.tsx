import { useEffect, useId, useRef, useState } from 'react';
import { AREAS } from '@shared/constants';
import { common } from '../i18n/common';
import { useMessages } from '../i18n/messages';
import { ChevronDownIcon, ChevronRightIcon } from './icons';
import { SiteLink, type SiteLinkTarget } from './SiteLink';

/** While the mobile menu is open the page behind it neither scrolls nor takes focus. */
function useLockPage() {
  useEffect(() => {
    const root = document.documentElement;
    const previous = { html: root.style.overflow, body: document.body.style.overflow };
    root.style.overflow = 'hidden';
    document.body.style.overflow = 'hidden';
    const behind = [document.getElementById('main'), document.getElementById('site-footer')].filter((el): el is HTMLElement => !!el);
    behind.forEach((el) => (el.inert = true));
    return () => {
      root.style.overflow = previous.html;
      document.body.style.overflow = previous.body;
      behind.forEach((el) => (el.inert = false));
    };
  }, []);
}

const item = 'flex items-center justify-between rounded-xl px-4 py-3 text-base font-medium text-slate-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600';

/** The hamburger menu of small screens: a plain list, or an accordion on the About page. */
export function MobileMenu({ accordion, openApp, onClose }: { accordion: boolean; openApp: boolean; onClose: () => void }) {
  const t = useMessages(common);
  const panel = useRef<HTMLDivElement>(null);
  useLockPage();
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div ref={panel} id="mobile-menu" role="region" aria-label={t.mobileMenu} className="fixed inset-x-0 top-16 bottom-0 z-40 animate-fade-in overflow-y-auto overscroll-contain bg-white px-4 pt-4 pb-10 md:hidden">
      {accordion ? (
        <AboutAccordion onNavigate={onClose} />
      ) : (
        <ul className="space-y-1">
          {([
            [t.nav.stations, { to: '/stations' }],
            [t.nav.about, { to: '/about' }],
            [t.nav.partners, { to: '/', hash: 'partner' }],
          ] as [string, SiteLinkTarget][]).map(([label, target]) => (
            <li key={label}>
              <SiteLink target={target} onNavigate={onClose} className={item}>
                {label} <ChevronRightIcon size={18} className="text-slate-500" />
              </SiteLink>
            </li>
          ))}
        </ul>
      )}
      {openApp && (
        <SiteLink target={{ to: '/app' }} onNavigate={onClose} className="mt-6 flex justify-center rounded-full bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800">
          {t.nav.openApp}
        </SiteLink>
      )}
    </div>
  );
}

function AboutAccordion({ onNavigate }: { onNavigate: () => void }) {
  const t = useMessages(common);
  const m = t.mobile;
  const sections: { title: string; links: [string, SiteLinkTarget][] }[] = [
    { title: m.popularAreas, links: AREAS.map((area) => [area, { finder: { area } }]) },
    { title: m.stationFeatures, links: m.features.map((feature) => [feature, { to: '/stations' }]) },
    { title: m.aboutUs, links: m.aboutItems.map((label, i) => [label, { to: '/about', hash: ['mission', 'impact', 'technology'][i] }]) },
    { title: m.partnership, links: m.partnershipItems.map((label) => [label, { to: '/', hash: 'partner' }]) },
  ];
  const [expanded, setExpanded] = useState<string | null>(sections[0]!.title);
  const id = useId();
  return (
    <div className="divide-y divide-slate-100">
      {sections.map((section, i) => {
        const isOpen = expanded === section.title;
        return (
          <div key={section.title} className="py-1">
            <h2>
              <button
                type="button"
                id={`${id}-h${i}`}
                aria-expanded={isOpen}
                aria-controls={`${id}-p${i}`}
                onClick={() => setExpanded(isOpen ? null : section.title)}
                className={`${item} w-full text-left`}
              >
                {section.title}
                <ChevronDownIcon size={18} className={`text-slate-500 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
              </button>
            </h2>
            <div id={`${id}-p${i}`} role="region" aria-labelledby={`${id}-h${i}`} hidden={!isOpen}>
              <ul className="pb-2 pl-4">
                {section.links.map(([label, target]) => (
                  <li key={label}>
                    <SiteLink target={target} onNavigate={onNavigate} className="block rounded-lg px-4 py-2.5 text-slate-600 hover:bg-brand-50 hover:text-brand-800">
                      {label}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        );
      })}
      <SiteLink target={{ to: '/stations' }} onNavigate={onNavigate} className={`${item} mt-2`}>
        {m.allStations} <ChevronRightIcon size={18} className="text-slate-500" />
      </SiteLink>
    </div>
  );
}
