import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type { GuestOrder } from '@shared/schemas/guest';
import { guestOrderQuery } from '../../api/guest-order';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { firstPaintData } from '../../first-paint-data';
import { guestTexts } from '../../i18n/guest';
import { getLanguage, useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { receiptNotes, receiptRows, SECOND_LINE, type ReceiptNote, type ReceiptRow, type RowValue } from './receipt-view';

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
 * claims a refill that went wrong. Its first paint is a prerendered frame, the receipt's rows with their labels, which
 * an inline script fills with the order before the app's code has loaded (ReceiptFirstPaint; docs/architecture.md,
 * "The receipt's first paint"); the app's first render replaces it with the same page, and what depends on the order
 * comes below the rows, so nothing on screen moves.
 */
export function GuestReceiptPage({ receiptId, keep = false }: { receiptId: string; keep?: boolean }) {
  const t = useMessages(guestTexts);
  const language = useLanguage();
  const order = useQuery(guestOrderQuery(receiptId, language));
  useDocumentTitle(t.receiptTitle);
  const data = order.data;

  return (
    <ReceiptColumn>
      {!data && order.isError ? (
        <p role="alert" className="mt-4 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">{t.receiptNotFound}</p>
      ) : (
        <>
          {!data && <p role="status" className="sr-only">{t.receiptLoading}</p>}
          <ReceiptRows order={data ?? null} />
          {data && (
            <>
              <ReceiptNotes order={data} />
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
    </ReceiptColumn>
  );
}

/**
 * The frame of every receipt, prerendered once as receipt.html (src/prerender.tsx; docs/architecture.md, "The receipt's
 * first paint"): the rows without their values and, hidden below them, every note a receipt may show, which the first
 * paint (receipt-first-paint.ts) fills with the order and shows.
 */
export function ReceiptFirstPaint() {
  const t = useMessages(guestTexts);
  return (
    <ReceiptColumn>
      <div data-fill="frame">
        <p role="status" className="sr-only" data-fill="loading">{t.receiptLoading}</p>
        <ReceiptRows order={null} />
        <ReceiptNotes order={null} />
      </div>
    </ReceiptColumn>
  );
}

/**
 * The page's column with its heading. At least a screen tall: the footer is not in view while the order is on its way,
 * so what it adds moves nothing. The bottom of the screen is kept clear of floating notes: the save and share buttons
 * come there as one scrolls.
 */
function ReceiptColumn({ children }: { children: ReactNode }) {
  const t = useMessages(guestTexts);
  return (
    <div className="mx-auto min-h-dvh max-w-xl px-4 py-6 sm:py-10" data-bottom-clear>
      <h1 className="text-2xl font-bold text-slate-900">{t.receiptTitle}</h1>
      {children}
    </div>
  );
}

/** The receipt (its test id) once it has the order's values: until then its rows' frame, each value's place kept. */
function ReceiptRows({ order }: { order: GuestOrder | null }) {
  const t = useMessages(guestTexts);
  const language = useLanguage();
  return (
    <dl className="mt-4 divide-y divide-slate-200 rounded-2xl bg-white px-4 shadow-card ring-1 ring-slate-200" data-testid={order ? 'guest-receipt' : undefined} aria-busy={!order} data-fill="rows">
      {receiptRows(t, language).map((row) => <Row key={row.name} row={row} value={order && row.value(order)} />)}
    </dl>
  );
}

/** What the order adds below the rows (receiptNotes); without an order, the frame's: every note, hidden. */
function ReceiptNotes({ order }: { order: GuestOrder | null }) {
  const t = useMessages(guestTexts);
  const shown = order ? receiptNotes(order) : null;
  const note = (name: ReceiptNote, element: (mark: { hidden: boolean; 'data-fill': string }) => ReactNode) =>
    (!shown || shown.has(name)) && element({ hidden: !shown, 'data-fill': `note-${name}` });
  return (
    <>
      {note('pending', (mark) => <p role="status" className="mt-3 rounded-xl bg-brand-50 p-3 text-sm text-brand-900" {...mark}>{t.receiptPending}</p>)}
      {note('message', (mark) => <p className="mt-3 text-sm text-slate-700" {...mark}>{order?.message}</p>)}
      {note('email-sent', (mark) => <p className="mt-3 text-sm text-slate-700" {...mark}>{t.emailSent}</p>)}
      {note('keep-link', (mark) => <p role="note" className="mt-3 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-200" data-testid="keep-link" {...mark}>{t.keepLink}</p>)}
      {note('refund', (mark) => <p className="mt-3 text-xs text-slate-700" {...mark}>{t.refundNote}</p>)}
    </>
  );
}

/**
 * The receipt's first render as a router-free page (src/static-pages.tsx): with the order the first paint loaded
 * (receipt-first-paint.ts), so that it replaces the filled frame with the same page. That order was asked in English,
 * as the frame is: a message of the server's (composed in the language asked) is asked again in another language.
 */
export async function receiptPage(queryClient: QueryClient, receiptId: string) {
  const order = await firstPaintData<GuestOrder>();
  const language = getLanguage();
  if (order && (language === 'en' || order.message === null)) queryClient.setQueryData(guestOrderQuery(receiptId, language).queryKey, order);
  return <RouterFreeReceipt receiptId={receiptId} />;
}

/**
 * The receipt as a router-free page: ?keep=true read from the address by the rule of the route's schema (src/search.ts,
 * receiptSearch), once rendered, since the prerendered HTML has none.
 */
function RouterFreeReceipt({ receiptId }: { receiptId: string }) {
  const query = useSyncExternalStore(subscribeNothing, () => window.location.search, () => '');
  return <GuestReceiptPage receiptId={receiptId} keep={new URLSearchParams(query).get('keep') === 'true'} />;
}

const subscribeNothing = () => () => undefined;

/**
 * A row of the receipt; until the order is there, its value's place: a line high, or two on a phone for a value that
 * takes two there (its date), so that the value takes the place it had.
 */
function Row({ row, value }: { row: ReceiptRow; value: RowValue | null }) {
  const bar = <span className="inline-block h-[1em] w-20 animate-pulse rounded bg-slate-100 align-middle" aria-hidden="true" />;
  return (
    <div className="flex items-baseline justify-between gap-4 py-3 text-sm">
      <dt className="text-slate-700">{row.label}</dt>
      {/* The rest of the row, whatever its value: the value's box does not move when it arrives. */}
      <dd data-testid={row.testId} data-fill={row.name} className={`min-w-0 flex-1 text-right ${row.strong ? 'text-base font-bold text-slate-900' : 'font-semibold text-slate-900'} ${row.small ? 'break-all font-mono text-xs' : ''}`}>
        {value === null ? (row.lines === 2 ? <>{bar}<span className="block sm:hidden">{bar}</span></> : bar) : typeof value === 'string' ? value : <>{value[0]}<span className={SECOND_LINE}>{value[1]}</span></>}
      </dd>
    </div>
  );
}
