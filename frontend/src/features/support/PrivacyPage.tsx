import { Link } from '@tanstack/react-router';
import { useMessages } from '../../i18n/messages';
import { supportTexts } from '../../i18n/support';
import { SupportPage, supportButton } from './SupportPage';

/** `/privacy`: what is stored, for how long, and who sees it. */
export function PrivacyPage() {
  const t = useMessages(supportTexts).privacy;
  return (
    <SupportPage title={t.title} intro={t.intro}>
      {t.sections.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-bold text-ocean-900">{section.title}</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed text-slate-700">
            {section.items.map((item) => <li key={item}>{item}</li>)}
          </ul>
        </section>
      ))}
      <Link to="/contact" className={`mt-10 ${supportButton}`}>{t.contact}</Link>
    </SupportPage>
  );
}
