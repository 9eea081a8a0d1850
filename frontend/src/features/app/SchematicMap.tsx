import type { LatLng } from '@shared/geo';
import { appTexts } from '../../i18n/app';
import { useMessages } from '../../i18n/messages';
import { STATUS_STYLE, type PlacedMachine } from './machines';

/** Where three markers go when no machine has coordinates: spread out, so the map still reads. */
const FALLBACK_SPOTS = [
  { x: 0.3, y: 0.38 },
  { x: 0.66, y: 0.3 },
  { x: 0.52, y: 0.66 },
];

/**
 * Projects the points into the box with one scale for both axes (so distances look right), centred, with
 * a margin. Returns fractions of the width and height.
 */
export function project(points: LatLng[], aspect = 0.75) {
  if (points.length === 0) return () => ({ x: 0.5, y: 0.5 });
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const cLat = (minLat + maxLat) / 2;
  const cLng = (minLng + maxLng) / 2;
  const k = Math.min(0.64 / Math.max(maxLng - minLng, 0.004), (0.6 * aspect) / Math.max(maxLat - minLat, 0.004));
  return (p: LatLng) => ({ x: 0.5 + (p.longitude - cLng) * k, y: 0.5 - ((p.latitude - cLat) * k) / aspect });
}

type Spot = { x: number; y: number };

/**
 * Nudges markers apart until no two are closer than `min` (a fraction of the width; the box is 4:3), so that
 * each can be tapped; the map is schematic, so a small shift is fine. Keeps them inside the box.
 */
export function spreadOut(spots: Spot[], min = 0.12, aspect = 0.75): Spot[] {
  const out = spots.map((s) => ({ ...s }));
  for (let round = 0; round < 40; round++) {
    let moved = false;
    for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i]!;
        const b = out[j]!;
        let dx = b.x - a.x;
        let dy = (b.y - a.y) * aspect;
        let d = Math.hypot(dx, dy);
        if (d >= min) continue;
        if (d < 1e-6) [dx, dy, d] = [1, 0, 1];
        const push = (min - d) / 2 + 0.001;
        a.x -= (dx / d) * push;
        b.x += (dx / d) * push;
        a.y -= ((dy / d) * push) / aspect;
        b.y += ((dy / d) * push) / aspect;
        moved = true;
      }
    }
    for (const p of out) {
      p.x = Math.min(0.9, Math.max(0.1, p.x));
      p.y = Math.min(0.92, Math.max(0.22, p.y));
    }
    if (!moved) break;
  }
  return out;
}

/**
 * The schematic map of docs/design.md, "Screens and routes": up to three machine markers placed by their coordinates relative to
 * each other (and to the user when known); tapping a marker selects the machine.
 */
export function SchematicMap({
  machines,
  user,
  selectedId,
  onSelect,
}: {
  machines: PlacedMachine[];
  user: LatLng | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const t = useMessages(appTexts);
  const shown = machines.slice(0, 3);
  const positioned = shown.filter((m) => m.position);
  const place = project([...positioned.map((m) => m.position!), ...(user && positioned.length ? [user] : [])]);
  const spots = spreadOut(shown.map((m, i) => (m.position && positioned.length ? place(m.position) : FALLBACK_SPOTS[i]!)));
  const me = user && positioned.length ? place(user) : null;

  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden rounded-3xl bg-[#e9f4ec] shadow-card ring-1 ring-slate-200/70" role="group" aria-label={t.map.label}>
      <svg viewBox="0 0 400 300" preserveAspectRatio="none" className="absolute inset-0 h-full w-full" aria-hidden="true">
        <defs>
          <linearGradient id="sea" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#bdeff7" />
            <stop offset="1" stopColor="#8fdcec" />
          </linearGradient>
          <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
            <path d="M40 0H0V40" fill="none" stroke="#d5e8da" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="400" height="300" fill="url(#grid)" />
        <path d="M0 190 C60 200 95 240 120 300 L0 300 Z" fill="url(#sea)" />
        <path d="M0 190 C60 200 95 240 120 300" fill="none" stroke="#f3e6c4" strokeWidth="7" />
        <ellipse cx="300" cy="70" rx="46" ry="26" fill="#d3ecd8" />
        <ellipse cx="110" cy="80" rx="30" ry="18" fill="#d3ecd8" />
        <path d="M-10 120 C80 110 160 150 230 140 S360 100 410 120" fill="none" stroke="#fff" strokeWidth="9" strokeLinecap="round" />
        <path d="M180 -10 C190 80 170 170 210 310" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
        <path d="M260 310 C270 240 320 200 410 190" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
        <path d="M40 -10 C70 60 60 120 90 190" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        <text x="14" y="286" fontSize="11" fontStyle="italic" fill="#0e7490" opacity="0.7">{t.map.ocean}</text>
      </svg>
      <div className="absolute top-3 right-3 flex h-8 w-8 flex-col items-center justify-center rounded-full bg-white/90 text-[10px] leading-none font-bold text-slate-600 shadow" aria-hidden="true">
        <span className="text-red-500">▲</span>N
      </div>
      {me && (
        <span className="absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2" style={{ left: `${me.x * 100}%`, top: `${me.y * 100}%` }} title={t.map.youAreHere}>
          <span className="absolute inset-0 animate-ping rounded-full bg-blue-400 opacity-60" />
          <span className="absolute inset-0 rounded-full border-2 border-white bg-blue-600 shadow" />
          <span className="sr-only">{t.map.youAreHere}</span>
        </span>
      )}
      {shown.map((m, i) => {
        const spot = spots[i]!;
        const selected = m.machine.id === selectedId;
        const style = STATUS_STYLE[m.machine.status];
        return (
          <button
            key={m.machine.id}
            type="button"
            onClick={() => onSelect(m.machine.id)}
            aria-pressed={selected}
            aria-label={`${m.machine.name}, ${t.status[m.machine.status]}`}
            className={`absolute flex -translate-x-1/2 -translate-y-full flex-col items-center ${selected ? 'z-10 scale-110' : ''}`}
            style={{ left: `${spot.x * 100}%`, top: `${spot.y * 100}%` }}
          >
            {selected && (
              <span
                className={`absolute ${spot.y < 0.32 ? 'top-full mt-1' : 'bottom-full mb-1'} max-w-[10rem] truncate rounded-full bg-slate-900 px-2.5 py-0.5 text-[11px] font-semibold whitespace-nowrap text-white shadow ${
                  spot.x > 0.62 ? 'right-0' : spot.x < 0.38 ? 'left-0' : 'left-1/2 -translate-x-1/2'
                }`}
              >
                {m.machine.name}
              </span>
            )}
            <svg width="34" height="42" viewBox="0 0 34 42" aria-hidden="true" className="drop-shadow-md">
              <path d="M17 41s15-13.3 15-24.5A15 15 0 0 0 2 16.5C2 27.7 17 41 17 41Z" fill={selected ? '#0e7490' : '#0891b2'} stroke="#fff" strokeWidth="2.5" />
              <circle cx="17" cy="16.5" r="7.5" fill="#fff" />
              <text x="17" y="20.5" textAnchor="middle" fontSize="11" fontWeight="700" fill="#0b2b3c">{i + 1}</text>
              <circle cx="27" cy="7" r="4.5" fill={style.color} stroke="#fff" strokeWidth="2" />
            </svg>
          </button>
        );
      })}
    </div>
  );
}
