import { formatKg, formatNumber } from '@shared/format';
import type { Language } from '@shared/language';
import { formatRupiah } from '@shared/money';
import type { GuestOrder } from '@shared/schemas/guest';
import type { PaymentMethod } from '@shared/schemas/transaction';
import type { guestTexts } from '../../i18n/guest';
import { paymentMethodName } from '@shared/payment-methods';
import { formatBaliDateTime, formatMillilitres } from './format';

/**
 * What a guest's receipt shows of its order, for its React page (GuestReceiptPage.tsx) and for its first paint
 * (receipt-first-paint.ts), which fills the prerendered frame before any of the app's code has loaded
 * (docs/architecture.md, "The receipt's first paint"). No React here: the first paint is a small inline script.
 */

type GuestTexts = (typeof guestTexts)['en'];

/**
 * A row's value: its text, or for the date its two parts, the second a line of its own on a phone (SECOND_LINE), so
 * that the row is two lines high whatever the date, as its place was before the order came.
 */
export type RowValue = string | readonly [string, string];
export const SECOND_LINE = 'block sm:inline';

export interface ReceiptRow {
  /** Its `data-fill` mark in the frame. */
  name: string;
  label: string;
  value: (order: GuestOrder) => RowValue;
  testId?: string;
  strong?: boolean;
  small?: boolean;
  /** Lines its value takes on a phone (its place before the order came). */
  lines?: 1 | 2;
}

/** The receipt's rows in order, in a language. */
export function receiptRows(t: GuestTexts, language: Language): readonly ReceiptRow[] {
  return [
    { name: 'date', label: t.date, value: (o) => baliTime(t.baliTime, o.closedAt ?? o.createdAt, language), testId: 'receipt-date', lines: 2 },
    { name: 'station', label: t.station, value: (o) => o.stationName },
    { name: 'station-code', label: t.stationCode, value: (o) => o.stationId, testId: 'receipt-station-code' },
    { name: 'water', label: t.water, value: (o) => t.waterOf(formatMillilitres(o.dispensedMl, language), formatMillilitres(o.volumeMl, language)), testId: 'receipt-litres' },
    { name: 'paid', label: t.paid, value: (o) => formatRupiah(o.paidIdr) },
    { name: 'paid-with', label: t.paidWith, value: (o) => paymentMethodName(o.paymentMethod as PaymentMethod), testId: 'receipt-method' },
    { name: 'price', label: t.price, value: (o) => formatRupiah(o.chargedIdr), testId: 'receipt-charged', strong: true },
    { name: 'refund', label: t.refund, value: (o) => formatRupiah(o.refundedIdr), testId: 'receipt-refund', strong: true },
    { name: 'bottles', label: t.bottlesSaved, value: (o) => formatNumber(o.bottlesSaved, language) },
    { name: 'co2', label: t.co2Saved, value: (o) => formatKg(o.co2SavedKg, language) },
    { name: 'number', label: t.receiptNumber, value: (o) => o.id, small: true },
  ];
}

/** A date and time in Bali with its zone ("28 Nov 2026, 11:33", " WITA (Bali time)"). */
function baliTime(text: (dateTime: string) => string, iso: string, language: Language): RowValue {
  const dateTime = formatBaliDateTime(iso, language);
  const [before, after] = text('\u0000').split('\u0000') as [string, string];
  return [`${before}${dateTime}`, after];
}

/** A note below the rows; the frame has each of them, hidden. */
export type ReceiptNote = 'pending' | 'message' | 'keep-link' | 'email-sent' | 'refund';

/** Which notes the order shows: not finished yet, the server's message, the link to keep or the e-mail sent, the refund's way. */
export function receiptNotes(order: GuestOrder): ReadonlySet<ReceiptNote> {
  const done = order.status === 'done';
  return new Set<ReceiptNote>([
    ...(done ? [] : (['pending'] as const)),
    ...(order.message ? (['message'] as const) : []),
    ...(done ? [order.receiptByEmail ? ('email-sent' as const) : ('keep-link' as const)] : []),
    ...(order.refundedIdr > 0 ? (['refund'] as const) : []),
  ]);
}
