import { CheckIcon, DropIcon } from '../../components/icons';
import { ChipIcon, GlobeIcon, HeartIcon, LeafIcon, NfcIcon, PhoneIcon, PulseIcon, SignalIcon, UsersIcon } from './icons';
import { about } from '../../i18n/about';
import { useMessages } from '../../i18n/messages';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { Link } from '../../components/nav';

const missionIcons = [LeafIcon, UsersIcon, ChipIcon];
const impactIcons = [DropIcon, GlobeIcon, LeafIcon, SignalIcon];
const techIcons = [NfcIcon, PulseIcon, SignalIcon];

/** docs/design.md, "Screens and routes", About page: hero, mission, impact, technology, call to action (the footer comes from the layout). */
export function AboutPage() {
  const t = useMessages(about);
  useDocumentTitle(t.hero.title);
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-ocean-950 via-brand-900 to-brand-700 text-white">
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_15%_80%,rgba(103,232,249,0.22),transparent_45%)]" aria-hidden="true" />
        <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1.2fr_0.8fr] lg:py-24">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">{t.hero.eyebrow}</p>
            <h1 className="mt-3 text-5xl font-extrabold tracking-tight sm:text-6xl">{t.hero.title}</h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-brand-100">{t.hero.text}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/about" hash="mission" className="rounded-full bg-white px-6 py-3 font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">{t.hero.mission}</Link>
              <Link to="/about" hash="impact" className="rounded-full px-6 py-3 font-semibold text-white ring-1 ring-white/50 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">{t.hero.impact}</Link>
            </div>
          </div>
          <aside aria-label={t.hero.panelTitle} className="rounded-3xl bg-white/10 p-6 ring-1 ring-white/20 backdrop-blur">
            <p className="text-sm font-semibold text-brand-100">{t.hero.panelTitle}</p>
            <ul className="mt-4 space-y-4">
              {t.hero.panel.map((item) => (
                <li key={item.label} className="border-b border-white/10 pb-4 last:border-0 last:pb-0">
                  <p className="text-3xl font-extrabold">{item.value}</p>
                  <p className="text-sm text-brand-100">{item.label}</p>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </section>

      <section id="mission" aria-labelledby="mission-title" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 lg:py-20">
        <div className="grid gap-10 lg:grid-cols-[1.2fr_0.8fr]">
          <div>
            <h2 id="mission-title" className="text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{t.mission.title}</h2>
            <p className="mt-4 max-w-2xl text-lg text-slate-600">{t.mission.text}</p>
            <ul className="mt-8 space-y-6">
              {t.mission.points.map((point, i) => {
                const Icon = missionIcons[i] ?? LeafIcon;
                return (
                  <li key={point.title} className="flex gap-4">
                    <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800"><Icon size={22} /></span>
                    <div>
                      <h3 className="font-semibold text-slate-900">{point.title}</h3>
                      <p className="mt-1 text-slate-600">{point.text}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="self-start rounded-3xl bg-gradient-to-br from-emerald-50 to-brand-50 p-8 ring-1 ring-emerald-200/70">
            <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-emerald-600 text-white"><HeartIcon size={24} /></span>
            <h3 className="mt-5 text-xl font-bold text-ocean-900">{t.mission.cardTitle}</h3>
            <p className="mt-3 leading-relaxed text-slate-700">{t.mission.cardText}</p>
          </div>
        </div>
      </section>

      <section id="impact" aria-labelledby="impact-title" className="scroll-mt-20 bg-ocean-950 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-20">
          <h2 id="impact-title" className="text-3xl font-bold tracking-tight sm:text-4xl">{t.impact.title}</h2>
          <p className="mt-3 text-lg text-brand-100">{t.impact.text}</p>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {t.impact.cards.map((card, i) => {
              const Icon = impactIcons[i] ?? LeafIcon;
              return (
                <li key={card.label} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
                  <Icon size={24} className="text-brand-300" />
                  <p className="mt-4 text-4xl font-extrabold tracking-tight">{card.value}</p>
                  <p className="mt-1 font-semibold text-brand-100">{card.label}</p>
                  <p className="mt-1 text-sm text-slate-300">{card.detail}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section id="technology" aria-labelledby="technology-title" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 lg:py-20">
        <h2 id="technology-title" className="text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{t.technology.title}</h2>
        <p className="mt-3 text-lg text-slate-600">{t.technology.text}</p>
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {t.technology.cards.map((card, i) => {
            const Icon = techIcons[i] ?? ChipIcon;
            return (
              <li key={card.title} className="rounded-2xl bg-white p-6 shadow-card ring-1 ring-slate-200">
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-700 text-white"><Icon size={22} /></span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{card.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{card.text}</p>
              </li>
            );
          })}
        </ul>
        <div className="mt-8 grid items-center gap-6 rounded-3xl bg-sand-50 p-6 ring-1 ring-slate-200 sm:p-8 md:grid-cols-[auto_1fr_1fr]">
          <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-ocean-900 text-white"><PhoneIcon size={28} /></span>
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{t.technology.appTitle}</h3>
            <p className="mt-2 text-slate-600">{t.technology.appText}</p>
          </div>
          <ul className="grid gap-2 sm:grid-cols-2 md:grid-cols-1">
            {t.technology.appPoints.map((point) => (
              <li key={point} className="flex items-center gap-2 text-sm text-slate-700"><CheckIcon size={16} className="text-brand-700" />{point}</li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 lg:pb-20">
        <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-brand-700 to-ocean-900 px-6 py-12 text-center text-white shadow-xl sm:px-12">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">{t.cta.title}</h2>
          <p className="mx-auto mt-3 max-w-xl text-lg text-brand-100">{t.cta.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/" className="rounded-full bg-white px-6 py-3 font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">{t.cta.findStations}</Link>
            <Link to="/" hash="partner" className="rounded-full px-6 py-3 font-semibold text-white ring-1 ring-white/60 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">{t.cta.partner}</Link>
          </div>
        </div>
      </section>
    </>
  );
}
