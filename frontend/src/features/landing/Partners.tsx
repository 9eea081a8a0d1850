import { lazy, Suspense } from 'react';
import { CheckIcon } from '../../components/icons';
import { landing } from '../../i18n/landing';
import { useMessages } from '../../i18n/messages';

// Far below the fold: its code comes after the page's first render (a prerendered form stays as it is until then).
const HostApplicationForm = lazy(() => import('../partners/HostApplicationForm').then((m) => ({ default: m.HostApplicationForm })));

/** Partner section (#partners) with the host application form (#partner). */
export function Partners() {
  const t = useMessages(landing).partners;
  return (
    <section id="partners" aria-labelledby="partners-title" className="bg-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[0.9fr_1.1fr] lg:py-20">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t.eyebrow}</p>
          <h2 id="partners-title" className="mt-2 text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{t.title}</h2>
          <p className="mt-4 text-lg text-slate-600">{t.text}</p>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
            {t.benefits.map((benefit) => (
              <li key={benefit.title} className="flex gap-3">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800"><CheckIcon size={16} /></span>
                <div>
                  <p className="font-semibold text-slate-900">{benefit.title}</p>
                  <p className="text-sm text-slate-600">{benefit.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div id="partner" className="scroll-mt-20 rounded-3xl bg-white p-6 shadow-card ring-1 ring-slate-200 sm:p-8">
          <h3 className="text-xl font-bold text-ocean-900">{t.formTitle}</h3>
          <p className="mt-1 mb-6 text-sm text-slate-600">{t.formText}</p>
          <Suspense>
            <HostApplicationForm />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
