import { LANDING_FIGURES } from '@shared/constants';
import { landing } from '../../i18n/landing';
import { useMessages } from '../../i18n/messages';

/** Live count of online stations beside the two fixed marketing figures. */
export function Stats({ activeStations }: { activeStations: number | null }) {
  const t = useMessages(landing).stats;
  const items = [
    { value: activeStations === null ? '–' : String(activeStations), label: t.active, live: true },
    { value: LANDING_FIGURES.bottlesSaved, label: t.bottles, live: false },
    { value: LANDING_FIGURES.satisfaction, label: t.satisfaction, live: false },
  ];
  return (
    <section aria-label={t.label} className="bg-ocean-950">
      <ul className="mx-auto grid max-w-7xl grid-cols-3 divide-x divide-white/10 px-2 py-10 sm:px-6 sm:py-12">
        {items.map((item) => (
          <li key={item.label} className="flex flex-col items-center px-2 text-center">
            <p className="flex items-center gap-2 text-3xl font-extrabold text-white tabular-nums sm:text-5xl" data-testid={item.live ? 'active-stations' : undefined}>
              {item.live && <span className="h-2.5 w-2.5 animate-pulse rounded-full bg-emerald-400" title={t.activeHint} aria-hidden="true" />}
              {item.value}
            </p>
            <p className="mt-1 text-xs font-medium text-brand-200 sm:text-sm">
              {item.label}
              {item.live && <span className="sr-only"> ({t.activeHint})</span>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
