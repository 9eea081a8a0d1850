import { Link } from '@tanstack/react-router';
import { useMessages } from '../../i18n/messages';
import { supportTexts } from '../../i18n/support';
import { SupportPage, supportButton, supportLink } from './SupportPage';

/** `/help`: the questions visitors ask (paying without an account, foreign cards, finding a station, refunds, receipts). */
export function HelpPage() {
  const t = useMessages(supportTexts).help;
  return (
    <SupportPage title={t.title} intro={t.intro}>
      <div className="mt-8 space-y-3">
        {t.questions.map((item) => (
          <details key={item.q} className="group rounded-2xl bg-white p-4 shadow-card ring-1 ring-slate-200 open:ring-brand-300 sm:p-5">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-semibold text-slate-900">
              {item.q}
              <span aria-hidden="true" className="shrink-0 text-brand-700 transition-transform group-open:rotate-45">+</span>
            </summary>
            <p className="mt-2 text-sm leading-relaxed text-slate-700">{item.a}</p>
            {'link' in item && (
              item.link.to === '/stations' ? (
                <Link to="/stations" search={'report' in item.link ? { report: true } : {}} className={supportLink}>{item.link.label}</Link>
              ) : (
                <Link to={item.link.to} className={supportLink}>{item.link.label}</Link>
              )
            )}
          </details>
        ))}
      </div>
      <div className="mt-10 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
        <p className="font-semibold text-ocean-900">{t.more}</p>
        <Link to="/contact" className={`mt-3 ${supportButton}`}>{t.contact}</Link>
      </div>
    </SupportPage>
  );
}
