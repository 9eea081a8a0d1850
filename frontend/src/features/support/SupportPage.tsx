import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** The frame of the Help center, Contact and Privacy pages: a title, an introduction, the content. */
export function SupportPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto max-w-3xl px-4 pt-10 pb-16 sm:px-6 lg:pt-14">
        <h1 className="text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-base text-slate-700 sm:text-lg">{intro}</p>
        {children}
      </div>
    </div>
  );
}

export const supportButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
export const supportLink = 'inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-2 hover:underline';
