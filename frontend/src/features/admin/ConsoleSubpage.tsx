import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@frontend/components/LanguageSwitch';
import { ArrowLeftIcon } from './icons';

/**
 * Every console page of its own (alerts, tickets, commands, the book, today's route, a station, the stickers): the way
 * back to the dashboard, the language, a title with what stands beside it (a station's status), and what the page is
 * for. `wide` for pages of charts and tables side by side. `title` is absent while the page's subject loads. On paper
 * the way back and the language are left out, and with `printsChildrenOnly` the title and intro too (the stickers'
 * A4 sheets).
 */
export function ConsoleSubpage({ back, title, beside, intro, wide = false, printsChildrenOnly = false, children }: {
  back: string;
  title?: string;
  beside?: ReactNode;
  intro?: ReactNode;
  wide?: boolean;
  printsChildrenOnly?: boolean;
  children: ReactNode;
}) {
  const width = wide ? 'max-w-6xl' : 'max-w-5xl';
  const onPaper = printsChildrenOnly ? 'print:hidden' : '';
  return (
    <div className="min-h-dvh bg-slate-50 print:bg-white">
      <header className="border-b border-slate-200 bg-white print:hidden">
        <div className={`mx-auto flex ${width} items-center justify-between gap-3 px-4 py-3 sm:px-6`}>
          <Link to="/admin" className="inline-flex h-11 items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900">
            <ArrowLeftIcon size={16} /> {back}
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main className={`mx-auto ${width} px-4 py-5 sm:px-6 print:max-w-none print:p-0`}>
        {title !== undefined && (
          <div className={`flex flex-wrap items-center gap-3 ${onPaper}`}>
            <h1 className="text-xl font-bold text-slate-900">{title}</h1>
            {beside}
          </div>
        )}
        {intro && <div className={`mt-1 text-sm text-slate-600 ${onPaper}`}>{intro}</div>}
        {children}
      </main>
    </div>
  );
}
