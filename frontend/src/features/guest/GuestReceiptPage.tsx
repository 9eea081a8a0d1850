import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { formatKg, formatNumber } from '@shared/format';
import { formatRupiah } from '@shared/money';
import type { GuestOrder } from '@shared/schemas/guest';
import type { PaymentMethod } from '@shared/schemas/transaction';
import { guestOrderQuery } from '../../api/guest-order';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { guestTexts } from '../../i18n/guest';
import { useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { paymentMethodLabel } from '../app/format';
import { formatBaliDateTime, formatMillilitres } from './format';

// What the receipt offers besides itself (save and share, keep it in an account, a claim, a refund refused) shows
// with the order, and loads then: the typed API client they bring is more than the page's first render may load.
const actions = () => import('./GuestReceiptActions');
const RefundRefusedNotice = lazy(() => actions().then((m) => ({ default: m.RefundRefusedNotice })));
const SaveShareReceipt = lazy(() => actions().then((m) => ({ default: m.SaveShareReceipt })));
const KeepReceipt = lazy(() => actions().then((m) => ({ default: m.KeepReceipt })));
const GuestClaim = lazy(() => actions().then((m) => ({ default: m.GuestClaim })));

/**
 * `/r/{receiptId}`: a guest's receipt (date and time in Bali, station and its code, litres, price, payment method,
 * refund, impact), readable by whoever holds its link; it can be saved (print or PDF) and shared, and a guest who gave
 * no e-mail is asked to keep the link. From it the guest keeps it in an account (`keep`: just signed in to do so) and
 * claims a refill that went wrong. Its first render (prerendered: docs/architecture.md, "Prerendered public pages") is
 * the receipt's rows with their labels; the order's values fill them in place, and what depends on the order comes
 * below them, so nothing on screen moves.
 */
export function GuestReceiptPage({ receiptId, keep = false }: { receiptId: string; keep?: boolean }) {
  const t = useMessages(guestTexts);
  const language = useLanguage();
  const order = useQuery(guestOrderQuery(receiptId, language));
  useDocumentTitle(t.receiptTitle);
  const data = order.data;
  const shown = (value: (order: GuestOrder) => ReactNode) => (data ? value(data) : null);

  return (
    // At least a screen tall: the footer is not in view while the order is on its way, so what it adds moves nothing.
    // The bottom of the screen is kept clear of floating notes: the save and share buttons come there as one scrolls.
    <div className="mx-auto min-h-dvh max-w-xl px-4 py-6 sm:py-10" data-bottom-clear>
      <h1 className="text-2xl font-bold text-slate-900">{t.receiptTitle}</h1>
      {!data && order.isError ? (
        <p role="alert" className="mt-4 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">{t.receiptNotFound}</p>
      ) : (
        <>
          {!data && <p role="status" className="sr-only">{t.receiptLoading}</p>}
          {/* The receipt (its test id) once it has the order's values: until then its rows' frame. */}
          <dl className="mt-4 divide-y divide-slate-200 rounded-2xl bg-white px-4 shadow-card ring-1 ring-slate-200" data-testid={data ? 'guest-receipt' : undefined} aria-busy={!data}>
            <Row label={t.date} value={shown((o) => <BaliTime text={t.baliTime} iso={o.closedAt ?? o.createdAt} />)} testId="receipt-date" lines={2} />
            <Row label={t.station} value={shown((o) => o.stationName)} />
            <Row label={t.stationCode} value={shown((o) => o.stationId)} testId="receipt-station-code" />
            <Row label={t.water} value={shown((o) => t.waterOf(formatMillilitres(o.dispensedMl, language), formatMillilitres(o.volumeMl, language)))} testId="receipt-litres" />
            <Row label={t.paid} value={shown((o) => formatRupiah(o.paidIdr))} />
            <Row label={t.paidWith} value={shown((o) => paymentMethodLabel(o.paymentMethod as PaymentMethod))} testId="receipt-method" />
            <Row label={t.price} value={shown((o) => formatRupiah(o.chargedIdr))} testId="receipt-charged" strong />
            <Row label={t.refund} value={shown((o) => formatRupiah(o.refundedIdr))} testId="receipt-refund" strong />
            <Row label={t.bottlesSaved} value={shown((o) => formatNumber(o.bottlesSaved, language))} />
            <Row label={t.co2Saved} value={shown((o) => formatKg(o.co2SavedKg, language))} />
            <Row label={t.receiptNumber} value={shown((o) => o.id)} small />
          </dl>
          {data && (
            <>
              {data.status !== 'done' && <p role="status" className="mt-3 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">{t.receiptPending}</p>}
              {data.message && <p className="mt-3 text-sm text-slate-700">{data.message}</p>}
              {data.status === 'done' && (
                data.receiptByEmail ? (
                  <p className="mt-3 text-sm text-slate-700">{t.emailSent}</p>
                ) : (
                  <p role="note" className="mt-3 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-200" data-testid="keep-link">{t.keepLink}</p>
                )
              )}
              {data.refundedIdr > 0 && <p className="mt-3 text-xs text-slate-700">{t.refundNote}</p>}
              <Suspense fallback={null}>
                {data.refund === 'refused' && data.heldIdr > 0 && <RefundRefusedNotice order={data} />}
                <SaveShareReceipt />
                {data.status === 'done' && <KeepReceipt receiptId={receiptId} order={data} autoKeep={keep} />}
                {data.status === 'done' && <GuestClaim receiptId={receiptId} order={data} />}
              </Suspense>
            </>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The receipt as a router-free page (src/static-pages.tsx): ?keep=true read from the address by the rule of the route's
 * schema (src/search.ts, receiptSearch), once hydrated, since the prerendered HTML has none.
 */
export function RouterFreeReceipt({ receiptId }: { receiptId: string }) {
  const query = useSyncExternalStore(subscribeNothing, () => window.location.search, () => '');
  return <GuestReceiptPage receiptId={receiptId} keep={new URLSearchParams(query).get('keep') === 'true'} />;
}

const subscribeNothing = () => () => undefined;

/**
 * A row of the receipt; until the order is there, its value's place: a line high, or two on a phone for a value that
 * takes two there (its date), so that the value takes the place it had.
 */
function Row({ label, value, testId, strong = false, small = false, lines = 1 }: { label: string; value: ReactNode; testId?: string; strong?: boolean; small?: boolean; lines?: 1 | 2 }) {
  const bar = <span className="inline-block h-[1em] w-20 animate-pulse rounded bg-slate-100 align-middle" aria-hidden="true" />;
  return (
    <div className="flex items-baseline justify-between gap-4 py-3 text-sm">
      <dt className="text-slate-700">{label}</dt>
      {/* The rest of the row, whatever its value: the value's box does not move when it arrives. */}
      <dd data-testid={testId} className={`min-w-0 flex-1 text-right ${strong ? 'text-base font-bold text-slate-900' : 'font-semibold text-slate-900'} ${small ? 'break-all font-mono text-xs' : ''}`}>
        {value ?? (lines === 2 ? <>{bar}<span className="block sm:hidden">{bar}</span></> : bar)}
      </dd>
    </div>
  );
}

/**
 * A date and time in Bali with its zone ("28 Nov 2026, 11:33 WITA (Bali time)"): on a phone the zone on a line of its
 * own, so that the row is two lines high whatever the date, as its place was before the order came.
 */
function BaliTime({ text, iso }: { text: (dateTime: string) => string; iso: string }) {
  const language = useLanguage();
  const dateTime = formatBaliDateTime(iso, language);
  const [before, after] = text('\u0000').split('\u0000') as [string, string];
  return <>{before}{dateTime}<span className="block sm:inline">{after}</span></>;
}
