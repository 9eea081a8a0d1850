import { AREAS, STATION_TYPES, TIMING_MS } from '@shared/constants';
import { common } from '../i18n/common';
import { useMessages, type Translation } from '../i18n/messages';
import { ArrowRightIcon } from './icons';
import { SiteLink, type SiteLinkTarget } from './SiteLink';
import { useFade } from './useFade';

export type MenuId = 'stations' | 'about' | 'partners';
type Column = { title: string; links: { label: string; target: SiteLinkTarget }[] };
type T = Translation<(typeof common)['en']>;

const linksOf = (labels: readonly string[], targets: SiteLinkTarget[]) => labels.map((label, i) => ({ label, target: targets[i]! }));

/**
 * Columns and entries of the three mega menus (docs/design.md, "Screens and routes"). The station menu's entries do
 * what they say: an area or a kind of place opens the finder filtered by it, Find Nearby the finder at the visitor's
 * position, Check Balance the sign-in going on to the app, Report Issue the finder's report form.
 */
function menuColumns(t: T, id: MenuId): Column[] {
  if (id === 'stations') {
    const s = t.stationsMenu;
    return [
      { title: s.popularAreas, links: AREAS.map((area) => ({ label: area, target: { finder: { area } } })) },
      { title: s.stationTypes, links: linksOf(s.types, STATION_TYPES.map((type) => ({ finder: { type } }))) },
      { title: s.quickActions, links: linksOf(s.actions, [{ finder: { near: true } }, { to: '/app' }, { to: '/stations' }, { signIn: '/app' }, { finder: { report: true } }]) },
    ];
  }
  if (id === 'about') {
    const a = t.aboutMenu;
    return [
      { title: a.mission, links: linksOf(a.missionItems, [{ to: '/about', hash: 'mission' }, { to: '/about', hash: 'impact' }, { to: '/about', hash: 'mission' }]) },
      { title: a.howItWorks, links: linksOf(a.howItems, [{ to: '/stations' }, { to: '/about', hash: 'technology' }, { to: '/user-flow' }]) },
      { title: a.resources, links: linksOf(a.resourceItems, [{ to: '/docs' }, { to: '/diagram' }, { to: '/user-flow' }, { newTab: '/api-docs' }]) },
      { title: a.company, links: linksOf(a.companyItems, [{ to: '/about' }, { to: '/about', hash: 'impact' }, { to: '/contact' }]) },
    ];
  }
  const p = t.partnersMenu;
  return [
    { title: p.become, links: linksOf(p.becomeItems, [{ to: '/', hash: 'partner' }, { to: '/', hash: 'partners' }, { to: '/', hash: 'partners' }]) },
    { title: p.current, links: linksOf(p.currentItems, [{ to: '/stations' }, { to: '/stations' }, { to: '/stations' }]) },
    { title: p.resources, links: linksOf(p.resourceItems, [{ to: '/docs' }, { newTab: '/api-docs' }]) },
    { title: p.solutions, links: linksOf(p.solutionItems, [{ to: '/', hash: 'partners' }, { to: '/', hash: 'partner' }, { to: '/', hash: 'partner' }]) },
  ];
}

/** The full-width panel under the header; fades in and out over 200 ms. */
export function MegaMenuPanel({ menu, open, label, onNavigate }: { menu: MenuId | null; open: boolean; label: string; onNavigate: () => void }) {
  const t = useMessages(common);
  const { mounted, visible } = useFade(open, TIMING_MS.megaMenuFade);
  // `menu` stays set while the panel fades out, so its content does not vanish mid-fade.
  const shown = menu;
  if (!mounted || !shown) return null;
  const columns = menuColumns(t, shown);
  return (
    <div
      id="mega-menu"
      role="region"
      aria-label={label}
      data-menu={shown}
      data-state={visible ? 'open' : 'closed'}
      inert={!visible}
      style={{ transitionDuration: `${TIMING_MS.megaMenuFade}ms` }}
      className={`absolute inset-x-0 top-full hidden border-t border-slate-100 bg-white shadow-xl shadow-slate-900/5 transition-opacity ease-out md:block ${visible ? 'opacity-100' : 'opacity-0'}`}
    >
      <div className="mx-auto grid max-w-7xl gap-8 px-6 py-8" style={{ gridTemplateColumns: `repeat(${columns.length + (shown === 'stations' ? 1 : 0)}, minmax(0, 1fr))` }}>
        {columns.map((column) => (
          <div key={column.title}>
            <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">{column.title}</p>
            <ul className="mt-3 space-y-1">
              {column.links.map((link) => (
                <li key={link.label}>
                  <SiteLink target={link.target} onNavigate={onNavigate} className="-mx-2 block rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600">
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {shown === 'stations' && (
          <div className="rounded-2xl bg-gradient-to-br from-brand-700 to-ocean-900 p-5 text-white">
            <p className="font-semibold">{t.stationsMenu.promoTitle}</p>
            <p className="mt-2 text-sm text-brand-100">{t.stationsMenu.promoText}</p>
            <SiteLink target={{ to: '/stations' }} onNavigate={onNavigate} className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
              {t.stationsMenu.promoLink} <ArrowRightIcon size={16} />
            </SiteLink>
          </div>
        )}
      </div>
    </div>
  );
}
