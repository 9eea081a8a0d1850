/** The most a header count shows; more reads "99+", so the header keeps its width on a phone whatever the count. */
const MOST_SHOWN = 99;

/** A count on a header link (open alerts, open tickets): on a phone it sits on the icon's corner, taking no width. */
export function CountBadge({ count, tone, testId }: { count: number; tone: 'red' | 'amber'; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid={testId}
      className={`absolute -top-0.5 right-0 min-w-5 rounded-full px-1.5 py-0.5 text-center text-[11px] leading-none font-bold text-white sm:static ${tone === 'red' ? 'bg-red-600' : 'bg-amber-700'}`}
    >
      {count > MOST_SHOWN ? `${MOST_SHOWN}+` : count}
    </span>
  );
}
