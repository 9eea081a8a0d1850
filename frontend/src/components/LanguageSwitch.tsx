import { common } from '../i18n/common';
import { languages } from '@shared/language';
import { setLanguage, useLanguage } from '../i18n/language';
import { useMessages } from '../i18n/messages';

/** EN / ID toggle; the choice is remembered. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useMessages(common);
  const current = useLanguage();
  return (
    <div role="group" aria-label={t.language} className={`inline-flex rounded-full bg-slate-100 p-0.5 text-xs font-semibold ${className}`}>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          title={language === current ? undefined : t.switchTo}
          onClick={() => setLanguage(language)}
          className={`min-w-9 rounded-full px-2.5 py-1.5 uppercase transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
            current === language ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
          }`}
        >
          {language}
        </button>
      ))}
    </div>
  );
}
