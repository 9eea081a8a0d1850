import type { ReactNode } from 'react';
import { ArrowLeftIcon } from './icons';
import { SiteLink, type InternalPath } from '../../components/SiteLink';

/** The bar above a documentation page: a back link and the page's actions. */
export function DocToolbar({ back, backLabel, children }: { back: InternalPath; backLabel: string; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <SiteLink target={{ to: back }} className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600">
          <ArrowLeftIcon size={16} /> {backLabel}
        </SiteLink>
        <div className="flex flex-wrap gap-2">{children}</div>
      </div>
    </div>
  );
}

export const toolbarButton =
  'inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
export const toolbarPrimary =
  'inline-flex items-center gap-1.5 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export function DocHeading({ eyebrow, title, text }: { eyebrow: string; title: string; text: string }) {
  return (
    <div className="max-w-3xl">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg text-slate-600">{text}</p>
    </div>
  );
}

/** The toolbar's Download SVG: the saving code comes when it is pressed (no page needs it to show itself). */
export function saveSvg(svg: SVGSVGElement | null, filename: string) {
  if (svg) void import('./download-svg').then(({ downloadSvg }) => downloadSvg(svg, filename));
}
