import { CheckIcon, DropIcon } from '../../components/icons';
import { LeafIcon, NfcIcon, PinIcon } from './icons';
import { Link } from '../../components/nav';
import { landing } from '../../i18n/landing';
import { useMessages } from '../../i18n/messages';

/** 'Try the app now' with a static phone mockup; the whole phone opens the web app. */
export function TryApp() {
  const t = useMessages(landing).app;
  return (
    <section aria-labelledby="app-title" className="overflow-hidden bg-sand-50">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:grid-cols-2 lg:py-20">
        <div>
          <h2 id="app-title" className="text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{t.title}</h2>
          <p className="mt-4 text-lg text-slate-600">{t.text}</p>
          <ul className="mt-6 space-y-3">
            {t.points.map((point) => (
              <li key={point} className="flex items-center gap-3 text-slate-700">
                <span className="flex h-6 w-6 items-center justify-center rounded-full bg-brand-100 text-brand-800"><CheckIcon size={14} /></span>
                {point}
              </li>
            ))}
          </ul>
          <Link to="/app" className="mt-8 inline-flex rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {t.open}
          </Link>
        </div>
        <Link to="/app" className="group mx-auto block rounded-[3rem] focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-brand-600">
          <PhoneMockup />
          <span className="sr-only">{t.open}</span>
        </Link>
      </div>
    </section>
  );
}

function PhoneMockup() {
  const t = useMessages(landing).app;
  return (
    <div aria-hidden="true" className="relative w-64 rotate-2 rounded-[2.6rem] bg-ocean-950 p-2.5 shadow-2xl shadow-brand-900/30 transition-transform duration-300 group-hover:rotate-0 sm:w-72">
      <div className="absolute top-4 left-1/2 h-5 w-24 -translate-x-1/2 rounded-full bg-ocean-950" />
      <div className="overflow-hidden rounded-[2.1rem] bg-slate-50">
        <div className="bg-gradient-to-br from-brand-700 to-ocean-900 px-5 pt-10 pb-6 text-white">
          <p className="text-xs text-brand-100">{t.mockGreeting}</p>
          <p className="text-lg font-bold">Wayan</p>
          <div className="mt-4 rounded-2xl bg-white/10 p-4 ring-1 ring-white/20">
            <p className="text-[11px] text-brand-100">{t.mockBalance}</p>
            <p className="mt-1 text-2xl font-extrabold">Rp 50.000</p>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 p-4">
          <div className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <NfcIcon size={22} className="text-brand-700" />
            <p className="mt-2 text-xs font-semibold text-slate-800">{t.mockNfc}</p>
          </div>
          <div className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <PinIcon size={22} className="text-brand-700" />
            <p className="mt-2 text-xs font-semibold text-slate-800">{t.mockFind}</p>
          </div>
        </div>
        <div className="mx-4 mb-5 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
          <p className="flex items-center gap-2 text-xs font-semibold text-emerald-900"><LeafIcon size={16} /> {t.mockImpact}</p>
          <div className="mt-3 flex items-center gap-3">
            <DropIcon size={18} className="text-brand-600" />
            <div className="h-2 flex-1 rounded-full bg-emerald-100"><div className="h-2 w-2/3 rounded-full bg-emerald-500" /></div>
          </div>
        </div>
      </div>
    </div>
  );
}
