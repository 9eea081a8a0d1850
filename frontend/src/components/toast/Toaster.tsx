import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { TOAST_HOTKEY, TOAST_MAX_WIDTH_PX } from '@shared/constants';
import { common } from '../../i18n/common';
import { useMessages } from '../../i18n/messages';
import { currentToasts, subscribeToasts } from './store';

// A toast's card is code of its own: no page needs it for its first render (it is fetched right after it).
const loadCard = () => import('./ToastCard');
const ToastCard = lazy(() => loadCard().then((m) => ({ default: m.ToastCard })));

/**
 * The notification region (docs/design.md, "Constants"): mount once at the root. F8 moves focus to it; each toast
 * closes after its duration, on its close button, or when swiped sideways past 50 px.
 */
export function Toaster() {
  const t = useMessages(common).toast;
  const items = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  const region = useRef<HTMLOListElement>(null);

  useEffect(() => {
    void loadCard();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label={t.region(TOAST_HOTKEY)} className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex justify-center p-3 sm:justify-end sm:p-5">
      <ol
        ref={region}
        tabIndex={-1}
        className="flex w-full flex-col gap-2 outline-none focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2 rounded-xl"
        style={{ maxWidth: TOAST_MAX_WIDTH_PX }}
      >
        {items.length > 0 && <Suspense>{items.map((item) => <ToastCard key={item.id} item={item} />)}</Suspense>}
      </ol>
    </section>
  );
}

