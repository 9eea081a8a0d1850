import { useOnline } from '../features/pwa/online-status';
import { common } from '../i18n/common';
import { useMessages } from '../i18n/messages';
import { WifiOffIcon } from './icons';

/** Shown while the browser is offline (docs/design.md, "Error texts"). */
export function OfflineBanner() {
  const t = useMessages(common);
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" className="pointer-events-auto empty:hidden">
      {!online && (
        <div className="flex animate-fade-in items-center gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-amber-950 shadow-lg ring-1 ring-amber-300">
          <WifiOffIcon size={22} className="shrink-0 text-amber-700" />
          <div>
            <p className="text-sm font-semibold">{t.offline.title}</p>
            <p className="text-xs text-amber-900">{t.offline.text}</p>
          </div>
        </div>
      )}
    </div>
  );
}
