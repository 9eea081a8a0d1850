import { LeafIcon, PulseIcon, ShieldIcon, SparkIcon } from './icons';
import { landing } from '../../i18n/landing';
import { useMessages } from '../../i18n/messages';

const icons = [PulseIcon, SparkIcon, ShieldIcon, LeafIcon];

export function Benefits() {
  const t = useMessages(landing).benefits;
  return (
    <section aria-labelledby="benefits-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-20">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t.eyebrow}</p>
        <h2 id="benefits-title" className="mt-2 text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{t.title}</h2>
        <p className="mt-4 text-lg text-slate-600">{t.text}</p>
      </div>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {t.items.map((item, i) => {
          const Icon = icons[i] ?? LeafIcon;
          return (
            <li key={item.title} className="rounded-2xl bg-sand-50 p-6 ring-1 ring-slate-200/70">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-700 text-white"><Icon size={22} /></span>
              <h3 className="mt-4 font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
