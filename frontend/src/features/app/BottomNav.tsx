import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { appTexts } from '../../i18n/app';
import { useMessages } from '../../i18n/messages';
import { HistoryIcon, HomeIcon, MapIcon, UserIcon } from './icons';

export type AppTab = 'home' | 'map' | 'history' | 'profile';

const TABS: { id: AppTab; to: '/app' | '/app/map' | '/app/history' | '/app/profile'; Icon: ComponentType<{ size?: number }> }[] = [
  { id: 'home', to: '/app', Icon: HomeIcon },
  { id: 'map', to: '/app/map', Icon: MapIcon },
  { id: 'history', to: '/app/history', Icon: HistoryIcon },
  { id: 'profile', to: '/app/profile', Icon: UserIcon },
];

/** The app's bottom tab bar; `active` marks the current screen. */
export function BottomNav({ active }: { active: AppTab }) {
  const t = useMessages(appTexts).nav;
  return (
    <nav aria-label={t.label} data-bottom-nav className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-md border-t border-slate-200/80 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur">
      <ul className="grid grid-cols-4">
        {TABS.map(({ id, to, Icon }) => {
          const current = id === active;
          return (
            <li key={id}>
              <Link
                to={to}
                aria-current={current ? 'page' : undefined}
                className={`flex flex-col items-center gap-1 pt-2.5 pb-2 text-[11px] font-semibold transition ${current ? 'text-brand-700' : 'text-slate-500 hover:text-slate-600'}`}
              >
                <span className={`flex h-8 w-12 items-center justify-center rounded-full transition ${current ? 'bg-brand-50' : ''}`}>
                  <Icon size={22} />
                </span>
                {t[id]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
