import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { TOAST_SWIPE_THRESHOLD_PX } from '@shared/constants';
import { common } from '../../i18n/common';
import { useMessages } from '../../i18n/messages';
import { dismissToast, type ToastItem } from './store';

const tone: Record<ToastItem['variant'], string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-red-600 bg-red-600 text-white',
};

/** One toast: closes after its duration, on its close button, or when swiped sideways past 50 px. */
export function ToastCard({ item }: { item: ToastItem }) {
  const t = useMessages(common).toast;
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ x: number; id: number } | null>(null);
  const remaining = useRef(item.duration);

  useEffect(() => {
    if (paused || item.duration === Infinity) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, item.id, item.duration]);

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    drag.current = { x: event.clientX, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
    setPaused(true);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (drag.current?.id === event.pointerId) setOffset(event.clientX - drag.current.x);
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (drag.current?.id !== event.pointerId) return;
    const moved = event.clientX - drag.current.x;
    drag.current = null;
    if (Math.abs(moved) > TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else {
      setOffset(0);
      setPaused(false);
    }
  };

  const destructive = item.variant === 'destructive';
  return (
    <li
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-variant={item.variant}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => drag.current === null && setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined, opacity: offset ? Math.max(0.2, 1 - Math.abs(offset) / 200) : undefined, touchAction: 'pan-y' }}
      className={`pointer-events-auto relative flex w-full animate-fade-in items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg select-none ${drag.current ? '' : 'transition-transform duration-200'} ${tone[item.variant]}`}
    >
      {item.variant === 'success' && (
        <span aria-hidden="true" className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-500 text-white">
          <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round"><path d="m5 12 5 5 9-10" /></svg>
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description && <p className={`mt-1 text-sm break-words ${destructive ? 'text-red-50' : 'text-slate-600'}`}>{item.description}</p>}
      </div>
      <button
        type="button"
        aria-label={t.close}
        onClick={() => dismissToast(item.id)}
        className={`absolute top-2.5 right-2.5 flex h-7 w-7 items-center justify-center rounded-md ${destructive ? 'text-red-100 hover:bg-red-500' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-700'}`}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18" /></svg>
      </button>
    </li>
  );
}
