import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { supportQueries } from '../../api/support';
import { useMessages } from '../../i18n/messages';
import { supportTexts } from '../../i18n/support';
import { SupportPage, supportButton, supportLink } from './SupportPage';

/** wa.me takes the number in international form, digits only. */
const whatsappUrl = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;

/** `/contact`: the team's WhatsApp number and e-mail address (from the settings), and the report form at a station. */
export function ContactPage() {
  const t = useMessages(supportTexts).contact;
  const contact = useQuery(supportQueries.contact());
  const data = contact.data;
  return (
    <SupportPage title={t.title} intro={t.intro}>
      <div className="mt-8 space-y-3" data-testid="contact-ways">
        {contact.isPending ? (
          <p role="status" className="rounded-2xl bg-slate-50 p-5 text-slate-700">{t.loading}</p>
        ) : contact.isError ? (
          <div role="alert" className="rounded-2xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200">
            <p>{t.failed}</p>
            <button type="button" onClick={() => void contact.refetch()} className="mt-3 rounded-full bg-white px-4 py-2 text-sm font-semibold ring-1 ring-red-300 hover:bg-red-100">{t.retry}</button>
          </div>
        ) : !data?.whatsapp && !data?.email ? (
          <p className="rounded-2xl bg-amber-50 p-5 text-sm text-amber-950 ring-1 ring-amber-200">{t.none}</p>
        ) : (
          <>
            {data.whatsapp && (
              <div className="rounded-2xl bg-white p-5 shadow-card ring-1 ring-slate-200">
                <h2 className="text-sm font-semibold text-slate-600">{t.whatsapp}</h2>
                <a href={whatsappUrl(data.whatsapp)} target="_blank" rel="noopener" className={`mt-2 ${supportButton}`} data-testid="contact-whatsapp">{t.whatsappText(data.whatsapp)}</a>
              </div>
            )}
            {data.email && (
              <div className="rounded-2xl bg-white p-5 shadow-card ring-1 ring-slate-200">
                <h2 className="text-sm font-semibold text-slate-600">{t.email}</h2>
                <a href={`mailto:${data.email}`} className={`mt-2 ${supportButton}`} data-testid="contact-email">{data.email}</a>
              </div>
            )}
          </>
        )}
      </div>
      <div className="mt-8 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
        <p className="text-sm text-ocean-900">{t.atStation}</p>
        <div className="mt-2 flex flex-wrap gap-x-6">
          <Link to="/stations" search={{ report: true }} className={supportLink}>{t.report}</Link>
          <Link to="/help" className={supportLink}>{t.help}</Link>
        </div>
      </div>
    </SupportPage>
  );
}
