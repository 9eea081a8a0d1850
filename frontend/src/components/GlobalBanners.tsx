import { lazy, Suspense } from 'react';
import { useInstallPrompt } from '../features/pwa/install-prompt';
import { OfflineBanner } from './OfflineBanner';

// Only a browser that offers installing shows it, well after the first render: its code is fetched then.
const InstallBanner = lazy(() => import('./InstallBanner').then((m) => ({ default: m.InstallBanner })));

/** The install and offline banners, floating over every page so that they never move its content. */
export function GlobalBanners() {
  const { canInstall, install, dismiss } = useInstallPrompt();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-3 sm:items-end sm:p-5 print:hidden">
      <div className="flex w-full max-w-sm flex-col gap-2">
        <OfflineBanner />
        {canInstall && (
          <Suspense>
            <InstallBanner install={install} dismiss={dismiss} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
