import type { useInstallPrompt } from '../features/pwa/install-prompt';
import { common } from '../i18n/common';
import { useMessages } from '../i18n/messages';
import { CloseIcon } from './icons';
import { Logo } from './Logo';

/** The offer to install the app (GlobalBanners shows it when the browser allows it; a dismissal is remembered). */
export function InstallBanner({ install, dismiss }: Pick<ReturnType<typeof useInstallPrompt>, 'install' | 'dismiss'>) {
  const t = useMessages(common);
  return (
    <section aria-label={t.install.title} className="pointer-events-auto flex animate-fade-in items-start gap-3 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200">
      <Logo size={40} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{t.install.title}</p>
        <p className="mt-0.5 text-sm text-slate-600">{t.install.text}</p>
        <div className="mt-3 flex gap-2">
          <button type="button" onClick={install} className="rounded-full bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {t.install.install}
          </button>
          <button type="button" onClick={dismiss} className="rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
            {t.install.dismiss}
          </button>
        </div>
      </div>
      <button type="button" onClick={dismiss} aria-label={t.install.dismissLabel} className="-mt-1 -mr-1 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
        <CloseIcon size={18} />
      </button>
    </section>
  );
}
