import { useQuery } from '@tanstack/react-query';
import { formatRupiah } from '@shared/money';
import type { PaymentMethod } from '@shared/schemas';
import { guestOrderQuery } from '../../api/guest';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { guestTexts } from '../../i18n/guest';
import { localeOf, useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { paymentMethodLabel } from '../app/format';
import { formatBaliDateTime, formatMillilitres } from './format';
import { GuestClaim, KeepReceipt, RefundRefusedNotice, SaveShareReceipt } from './GuestReceiptActions';

/**
 * `/r/{receiptId}`: a guest's receipt (date and time in Bali, station and its code, litres, price, payment method,
 * refund, impact), readable by whoever holds its link; it can be saved (print or PDF) and shared, and a guest who gave
 * no e-mail is asked to keep the link. From it the guest keeps it in an account (`keep`: just signed in to do so) and
 * claims a refill that went wrong.
 */
export function GuestReceiptPage({ receiptId, keep = false }: { receiptId: string; keep?: boolean }) {
  const t = useMessages(guestTexts);
  const language = useLanguage();
  const order = useQuery(guestOrderQuery(receiptId, language));
  useDocumentTitle(t.receiptTitle);
  const data = order.data;
  const number = (n: number, digits = 0) => new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: digits }).format(n);

  return (
    <div className="mx-auto max-w-xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900">{t.receiptTitle}</h1>
      {!data ? (
        order.isError ? (
          <p role="alert" className="mt-4 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">{t.receiptNotFound}</p>
        ) : (
          <div role="status" className="mt-4 h-48 animate-pulse rounded-2xl bg-slate-100"><span className="sr-only">{t.receiptLoading}</span></div>
        )
      ) : (
        <>
          {data.status !== 'done' && <p role="status" className="mt-3 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">{t.receiptPending}</p>}
          {data.message && <p className="mt-3 text-sm text-slate-700">{data.message}</p>}
          {data.refund === 'refused' && data.heldIdr > 0 && <RefundRefusedNotice order={data} />}
          {data.status === 'done' && (
            data.receiptByEmail ? (
              <p className="mt-3 text-sm text-slate-700">{t.emailSent}</p>
            ) : (
              <p role="note" className="mt-3 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-200" data-testid="keep-link">{t.keepLink}</p>
            )
          )}
          <dl className="mt-4 divide-y divide-slate-200 rounded-2xl bg-white px-4 shadow-card ring-1 ring-slate-200" data-testid="guest-receipt">
            <Row label={t.date} value={t.baliTime(formatBaliDateTime(data.closedAt ?? data.createdAt, language))} testId="receipt-date" />
            <Row label={t.station} value={data.stationName} />
            <Row label={t.stationCode} value={data.stationId} testId="receipt-station-code" />
            <Row label={t.water} value={t.waterOf(formatMillilitres(data.dispensedMl, language), formatMillilitres(data.volumeMl, language))} testId="receipt-litres" />
            <Row label={t.paid} value={formatRupiah(data.paidIdr)} />
            <Row label={t.paidWith} value={paymentMethodLabel(data.paymentMethod as PaymentMethod)} testId="receipt-method" />
            <Row label={t.price} value={formatRupiah(data.chargedIdr)} testId="receipt-charged" strong />
            <Row label={t.refund} value={formatRupiah(data.refundedIdr)} testId="receipt-refund" strong />
            <Row label={t.bottlesSaved} value={number(data.bottlesSaved)} />
            <Row label={t.co2Saved} value={`${number(data.co2SavedKg, 2)} kg`} />
            <Row label={t.receiptNumber} value={data.id} small />
          </dl>
          {data.refundedIdr > 0 && <p className="mt-3 text-xs text-slate-700">{t.refundNote}</p>}
          <SaveShareReceipt />
          {data.status === 'done' && <KeepReceipt receiptId={receiptId} order={data} autoKeep={keep} />}
          {data.status === 'done' && <GuestClaim receiptId={receiptId} order={data} />}
        </>
      )}
    </div>
  );
}

function Row({ label, value, testId, strong = false, small = false }: { label: string; value: string; testId?: string; strong?: boolean; small?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3 text-sm">
      <dt className="text-slate-700">{label}</dt>
      <dd data-testid={testId} className={`text-right ${strong ? 'text-base font-bold text-slate-900' : 'font-semibold text-slate-900'} ${small ? 'break-all font-mono text-xs' : ''}`}>{value}</dd>
    </div>
  );
}
