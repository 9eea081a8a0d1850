import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { ArrowLeftIcon } from './icons';

/** A console page of its own (alerts, today's route): the way back to the dashboard, the language, a title and what it is for. */
export function ConsoleSubpage({ back, title, intro, children }: { back: string; title: string; intro: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to="/admin" className="inline-flex h-11 items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900">
            <ArrowLeftIcon size={16} /> {back}
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-5 sm:px-6">
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
        {children}
      </main>
    </div>
  );
}
