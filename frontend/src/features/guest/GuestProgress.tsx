import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatTime } from '@shared/format';
import { formatRupiah } from '@shared/money';
import type { GuestOrder } from '@shared/schemas/guest';
import { guestOrderQuery } from '../../api/guest-order';
import { Link } from '../../components/nav';
import { guestTexts } from '../../i18n/guest';
import { useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { QrCode } from '../wallet/QrCode';
import { formatMillilitres } from './format';

const STEPS = ['waiting_payment', 'press_start', 'dispensing', 'done'] as const;
/** Where each status stands among the steps the guest sees (settling is the end of dispensing). */
const stepOf = (status: GuestOrder['status']) => (status === 'settling' ? 2 : status === 'failed' ? 0 : STEPS.indexOf(status));

/** Seconds until `iso`, ticking. */
function useSecondsUntil(iso: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.round((Date.parse(iso) - now) / 1000)) : 0;
}

/** A guest order's progress, live: waiting for payment, press start, dispensing, done (with the receipt). */
export function GuestProgress({ receiptId, onNew }: { receiptId: string; onNew: () => void }) {
  const t = useMessages(guestTexts);
  const language = useLanguage();
  const order = useQuery(guestOrderQuery(receiptId, language));
  const data = order.data;
  const seconds = useSecondsUntil(data?.startBy ?? null);
  // The order form the guest scrolled through is gone: bring its progress into view, below the sticky header.
  const section = useRef<HTMLElement>(null);
  const shown = Boolean(data);
  useEffect(() => {
    if (shown) section.current?.scrollIntoView({ block: 'start' });
  }, [shown]);
  if (!data) {
    return order.isError ? (
      <div className="mt-6 space-y-3">
        <p role="alert" className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">{t.receiptNotFound}</p>
        <NewOrderButton onNew={onNew} />
      </div>
    ) : <div role="status" className="mt-6 h-40 animate-pulse rounded-2xl bg-slate-100"><span className="sr-only">{t.receiptLoading}</span></div>;
  }
  const current = stepOf(data.status);
  const amount = formatRupiah(data.amountIdr);
  return (
    <section ref={section} aria-labelledby="guest-progress" className="mt-6 scroll-mt-24 rounded-2xl bg-white p-4 shadow-card ring-1 ring-slate-200 sm:p-6" data-testid="guest-progress" data-status={data.status}>
      <h2 id="guest-progress" className="sr-only">{t.progress}</h2>
      <ol className="grid grid-cols-4 gap-1 text-center text-xs font-semibold">
        {STEPS.map((step, i) => (
          <li key={step} aria-current={i === current ? 'step' : undefined} className={`rounded-lg px-1 py-2 ${i < current ? 'bg-brand-50 text-brand-900' : i === current ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'}`}>
            {t.steps[step]}
          </li>
        ))}
      </ol>
      <div role="status" aria-live="polite" className="mt-5 text-center">
        {data.status === 'waiting_payment' && (
          <>
            <p className="text-2xl font-bold tabular-nums text-slate-900">{amount}</p>
            {data.payment.qrString && (
              <>
                <p className="mt-2 text-sm text-slate-700">{t.scanToPay(amount)}</p>
                <div className="mt-4"><QrCode value={data.payment.qrString} label={t.qrLabel} fileName={`bali-refill-qris-${data.id}`} /></div>
              </>
            )}
            {data.payment.deeplink && (
              <a href={data.payment.deeplink} className="mt-4 flex min-h-12 w-full items-center justify-center rounded-xl bg-brand-700 px-4 text-base font-semibold text-white hover:bg-brand-800">
                {t.payInApp}
              </a>
            )}
            {/* Back from the card page without paying (or never sent there): the way to it again. */}
            {data.payment.redirectUrl && (
              <a href={data.payment.redirectUrl} className="mt-4 flex min-h-12 w-full items-center justify-center rounded-xl bg-brand-700 px-4 text-base font-semibold text-white hover:bg-brand-800">
                {t.payOnCardPage}
              </a>
            )}
            {data.payment.expiresAt && (
              <p className="mt-3 text-xs text-slate-700">{t.expires(formatTime(data.payment.expiresAt, language) ?? '')}</p>
            )}
          </>
        )}
        {data.status === 'press_start' && (
          <>
            <p className="text-lg font-bold text-slate-900">{t.pressStart}</p>
            <p className="mt-1 text-sm tabular-nums text-slate-700">{t.pressStartBy(seconds)}</p>
          </>
        )}
        {data.status === 'dispensing' && <p className="text-lg font-bold text-slate-900">{t.dispensing}</p>}
        {data.status === 'settling' && <p className="text-lg font-bold text-slate-900">{t.settling}</p>}
        {data.status === 'failed' && <p className="text-lg font-bold text-slate-900">{data.message ?? t.failed}</p>}
        {data.status === 'done' && (
          <>
            <p className="text-lg font-bold text-slate-900">{t.done}</p>
            {data.message && <p className="mt-1 text-sm text-slate-700">{data.message}</p>}
            <dl className="mt-4 grid grid-cols-3 gap-2 text-sm">
              <div><dt className="text-slate-600">{t.water}</dt><dd className="font-semibold text-slate-900">{formatMillilitres(data.dispensedMl, language)}</dd></div>
              <div><dt className="text-slate-600">{t.price}</dt><dd className="font-semibold text-slate-900">{formatRupiah(data.chargedIdr)}</dd></div>
              <div><dt className="text-slate-600">{t.refund}</dt><dd className="font-semibold text-slate-900">{formatRupiah(data.refundedIdr)}</dd></div>
            </dl>
            <Link to="/r/$receiptId" params={{ receiptId }} className="mt-5 flex min-h-12 w-full items-center justify-center rounded-xl bg-brand-700 px-4 text-base font-semibold text-white hover:bg-brand-800">
              {t.seeReceipt}
            </Link>
          </>
        )}
      </div>
      {(data.status === 'done' || data.status === 'failed') && <div className="mt-3"><NewOrderButton onNew={onNew} /></div>}
    </section>
  );
}

function NewOrderButton({ onNew }: { onNew: () => void }) {
  const t = useMessages(guestTexts);
  return (
    <button type="button" onClick={onNew} className="flex min-h-11 w-full items-center justify-center rounded-xl px-4 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:ring-brand-700">
      {t.newOrder}
    </button>
  );
}
