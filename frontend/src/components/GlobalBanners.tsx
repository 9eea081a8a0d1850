import { InstallBanner } from './InstallBanner';
import { OfflineBanner } from './OfflineBanner';

/** The install and offline banners, floating over every page so that they never move its content. */
export function GlobalBanners() {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-3 sm:items-end sm:p-5">
      <div className="flex w-full max-w-sm flex-col gap-2">
        <OfflineBanner />
        <InstallBanner />
      </div>
    </div>
  );
}
