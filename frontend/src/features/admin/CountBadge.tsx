/**
 * A count on a header link (open alerts, open tickets). On a phone it is a small badge on the icon's corner, taking no
 * width, and reads "9+" past 9 (a wider badge would cover the next control); from `sm` it sits beside the label and
 * reads "99+" past 99. So the header keeps its width whatever the count.
 */
export function CountBadge({ count, tone, testId }: { count: number; tone: 'red' | 'amber'; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid={testId}
      className={`absolute -top-1 -right-1 min-w-4 rounded-full px-1 py-0.5 text-center text-[10px] leading-none font-bold text-white sm:static sm:min-w-5 sm:px-1.5 sm:text-[11px] ${tone === 'red' ? 'bg-red-600' : 'bg-amber-700'}`}
    >
      <span className="sm:hidden">{count > 9 ? '9+' : count}</span>
      <span className="hidden sm:inline">{count > 99 ? '99+' : count}</span>
    </span>
  );
}
