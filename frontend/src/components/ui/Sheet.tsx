import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from '@frontend/features/app/icons';
import { useOnline } from '@frontend/features/pwa/online-status';
import { appTexts } from '@frontend/i18n/app';
import { useMessages } from '@frontend/i18n/messages';

/**
 * A modal bottom sheet (a centred dialog on wide screens): Escape, the backdrop and the close button close it;
 * focus moves into it on open and back where it was on close; the page behind does not scroll. Offline, it leaves
 * room at the bottom for the offline banner that floats over every page (GlobalBanners), so nothing of it is hidden.
 */
export function Sheet({ title, onClose, children, labelledBy }: { title: string; onClose: () => void; children: ReactNode; labelledBy?: string }) {
  const closeLabel = useMessages(appTexts).close;
  const online = useOnline();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center">
      <div className="absolute inset-0 animate-fade-in bg-slate-900/50 backdrop-blur-[2px]" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy ?? titleId}
        tabIndex={-1}
        className={`relative max-h-[92dvh] w-full max-w-md animate-fade-in overflow-y-auto rounded-t-3xl bg-white px-5 pt-3 shadow-2xl outline-none sm:rounded-3xl ${online ? 'pb-[max(env(safe-area-inset-bottom),1.5rem)]' : 'pb-[max(env(safe-area-inset-bottom),6.5rem)]'}`}
      >
        <div className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-slate-200 sm:hidden" aria-hidden="true" />
        <div className="mb-4 flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-bold text-slate-900">{title}</h2>
          <button type="button" onClick={onClose} aria-label={closeLabel} className="-mr-1 flex h-9 w-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100">
            <CloseIcon size={20} />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
