import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { appTexts } from '../../i18n/app';
import { useMessages } from '../../i18n/messages';
import { ArrowLeftIcon } from './icons';

/** Title bar of the app's inner screens: a back button and the title. */
export function ScreenHeader({ title, back, onBack, action }: { title: string; back?: LinkProps['to']; onBack?: () => void; action?: ReactNode }) {
  const backLabel = useMessages(appTexts).back;
  const button = 'flex h-10 w-10 items-center justify-center rounded-full bg-white text-slate-700 shadow-card ring-1 ring-slate-100 transition hover:bg-slate-50 active:scale-95';
  return (
    <header className="sticky top-0 z-20 flex items-center gap-3 bg-slate-50/90 px-4 pt-[max(env(safe-area-inset-top),1rem)] pb-3 backdrop-blur">
      {onBack ? (
        <button type="button" onClick={onBack} aria-label={backLabel} className={button}><ArrowLeftIcon size={20} /></button>
      ) : (
        <Link to={back ?? '/app'} aria-label={backLabel} className={button}><ArrowLeftIcon size={20} /></Link>
      )}
      <h1 className="flex-1 text-lg font-bold text-slate-900">{title}</h1>
      {action}
    </header>
  );
}
