import { lazy, Suspense, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactElement } from 'react';
import { common } from '../i18n/common';
import { useMessages } from '../i18n/messages';
import { ChevronDownIcon, CloseIcon, MenuIcon } from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import type { MenuId } from './MegaMenu';
import { Link, usePathname } from './nav';

// The menus show only when opened: their code is fetched right after the first render, not before it (docs/scale.md,
// "First-render JavaScript budget").
const loadMegaMenu = () => import('./MegaMenu');
const loadMobileMenu = () => import('./MobileMenu');
const MegaMenuPanel = lazy(() => loadMegaMenu().then((m) => ({ default: m.MegaMenuPanel })));
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));

/** Fixed public header: logo, Stations / About / Partners with mega menus, language switch, hamburger on small screens. */
export function PublicHeader({ openApp = false }: { openApp?: boolean }) {
  const t = useMessages(common);
  const pathname = usePathname();
  const [menu, setMenu] = useState<MenuId | null>(null);
  const [open, setOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const triggers = useRef<Partial<Record<MenuId, HTMLButtonElement | null>>>({});
  useEffect(() => {
    void loadMegaMenu();
    void loadMobileMenu();
  }, []);

  const show = (id: MenuId) => {
    setMenu(id);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const items: { id: MenuId; label: string; link: ReactElement }[] = [
    { id: 'stations', label: t.nav.stations, link: <Link to="/stations" className={navLink}>{t.nav.stations}</Link> },
    { id: 'about', label: t.nav.about, link: <Link to="/about" className={navLink}>{t.nav.about}</Link> },
    { id: 'partners', label: t.nav.partners, link: <Link to="/" hash="partner" className={navLink} activeOptions={{ exact: true, includeHash: true }}>{t.nav.partners}</Link> },
  ];
  const current = items.find((item) => item.id === menu);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      close();
      if (menu) triggers.current[menu]?.focus();
    }
  };
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
  };

  return (
    <header onMouseLeave={close} onKeyDown={onKeyDown} onBlur={onBlur} className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/70 bg-white/95 print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" activeOptions={{ exact: true }} aria-label={t.homeLink} onMouseEnter={close} className="flex shrink-0 items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600">
          <Logo size={34} />
          <span className="text-lg font-bold tracking-tight text-ocean-900">{t.productName}</span>
        </Link>
        <nav aria-label={t.nav.label} className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.id} onMouseEnter={() => show(item.id)} className="flex items-center">
                {item.link}
                <button
                  ref={(el) => {
                    triggers.current[item.id] = el;
                  }}
                  type="button"
                  aria-label={t.showMenu(item.label)}
                  aria-expanded={open && menu === item.id}
                  aria-controls="mega-menu"
                  onClick={() => (open && menu === item.id ? close() : show(item.id))}
                  className="-ml-1 rounded-md p-1 text-slate-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <ChevronDownIcon size={16} className={`transition-transform duration-200 ${open && menu === item.id ? 'rotate-180' : ''}`} />
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3" onMouseEnter={close}>
          <LanguageSwitch />
          {/* Signed in already, the sign-in page goes straight on to the app. */}
          <Link to="/signin" search={{ redirect: '/app' }} className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold whitespace-nowrap text-brand-800 hover:text-brand-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600" data-testid="header-sign-in">
            {t.nav.signIn}
          </Link>
          {openApp && (
            <Link to="/app" className="hidden rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:inline-flex">
              {t.nav.openApp}
            </Link>
          )}
          <button
            type="button"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? t.closeMenu : t.openMenu}
            onClick={() => setMobileOpen((v) => !v)}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden"
          >
            {mobileOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
          </button>
        </div>
      </div>
      <Suspense fallback={null}>
        <MegaMenuPanel menu={menu} open={open} label={current ? t.menuOf(current.label) : ''} onNavigate={close} />
        {mobileOpen && <MobileMenu accordion={pathname.startsWith('/about')} openApp={openApp} onClose={() => setMobileOpen(false)} />}
      </Suspense>
    </header>
  );
}

const navLink =
  'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';
