import { CheckIcon } from '../../components/icons';
import { returnPathHere } from '../auth/redirect';
import { Link } from '../../components/nav';
import { useHydrated } from '../../components/useHydrated';
import { landing } from '../../i18n/landing';
import { useMessages } from '../../i18n/messages';
import { StationIllustration } from './StationIllustration';

export function Hero() {
  const t = useMessages(landing).hero;
  // An app route sent a signed-out visitor here: signing in or up goes on to it (the address is the browser's, so
  // not while the prerendered page is hydrated).
  const back = useHydrated() ? returnPathHere() : undefined;
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-ocean-950 via-brand-900 to-brand-700 text-white">
      <div className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(103,232,249,0.25),transparent_45%)]" aria-hidden="true" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 pt-14 pb-24 sm:px-6 md:grid-cols-[1.1fr_0.9fr] lg:pt-20 lg:pb-32">
        <div>
          {back && <AppNeedsAccount back={back} />}
          <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-100 ring-1 ring-white/20">{t.eyebrow}</p>
          <h1 className="mt-5 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{t.title}</h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-brand-100">{t.text}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            {/* The station finder: every station, and from each one its own page, where a guest pays without an account. */}
            <Link to="/stations" className="rounded-full bg-white px-6 py-3 text-base font-semibold text-brand-900 shadow-lg shadow-black/10 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
              {t.findStations}
            </Link>
            <Link to="/signup" search={{ redirect: back ?? '/app' }} className="rounded-full px-6 py-3 text-base font-semibold text-white ring-1 ring-white/50 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
              {t.startFree}
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-brand-100">
            {t.points.map((point) => (
              <li key={point} className="flex items-center gap-2"><CheckIcon size={16} className="text-brand-300" />{point}</li>
            ))}
          </ul>
        </div>
        <StationIllustration label={t.illustration} className="mx-auto w-full max-w-sm md:max-w-md" />
      </div>
      <svg className="absolute inset-x-0 bottom-0 h-12 w-full text-white sm:h-16" viewBox="0 0 1440 80" preserveAspectRatio="none" aria-hidden="true">
        <path d="M0 48c120-20 240-32 360-22s240 40 360 40 240-30 360-38 240 4 360 18v34H0Z" fill="currentColor" />
      </svg>
    </section>
  );
}

/**
 * An app route sent a signed-out visitor here (docs/design.md: the home page shows instead): say why, and the two ways
 * on: signing in (which goes on to the page asked for), or paying at a station without an account.
 */
function AppNeedsAccount({ back }: { back: string }) {
  const t = useMessages(landing).hero;
  return (
    <div role="status" className="mb-6 rounded-2xl bg-white p-4 text-slate-800 shadow-lg ring-1 ring-white/40" data-testid="app-needs-account">
      <p className="text-sm font-semibold">{t.appNeedsAccount}</p>
      <p className="mt-1 text-sm">{t.noAccount}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to="/signin" search={{ redirect: back }} className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800">{t.signIn}</Link>
        <Link to="/stations" className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50">{t.findStation}</Link>
      </div>
    </div>
  );
}
