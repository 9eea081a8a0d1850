import { formatDate } from '@shared/format';
import type { Language } from '@shared/language';
import { formatRupiah, type Rupiah } from '@shared/money';
import { REFUND_WINDOW_DAYS } from '@shared/schemas/transaction';
import { paymentMethodName } from '@shared/payment-methods';
import type { PayoutLine, PayoutReason } from '@shared/schemas/withdrawal';
import type { EmailTemplate } from '../../platform/domain/email-template';
import type { PlannedRefund } from '../ports/withdrawals';

/**
 * The wallet's e-mails (docs/architecture.md, "E-mail"): each refund of a withdrawal, the notice of the part our team
 * pays out by hand, and that payout's outcome; in the language of the withdrawal's request.
 */

/** A day of a payment as the language writes it ('28 Nov 2026'), on Bali's calendar. */
const day = (at: string | null, language: Language) => formatDate(at, language) ?? '';

/** One refund a withdrawal made to a top-up's payment. */
export interface RefundEmailData {
  withdrawalId: string;
  refund: Pick<PlannedRefund, 'orderId' | 'paymentMethod' | 'paidAt' | 'paid' | 'amount'>;
}

export const refundEmail: EmailTemplate<RefundEmailData> = {
  en: ({ withdrawalId, refund: r }) => ({
    subject: `Bali Refill: ${formatRupiah(r.amount)} refunded to your ${paymentMethodName(r.paymentMethod)}`,
    lines: [
      `We refunded ${formatRupiah(r.amount)} of your unused Bali Refill balance to the ${paymentMethodName(r.paymentMethod)} payment you topped up with on ${day(r.paidAt, 'en')} (${formatRupiah(r.paid)}).`,
      'Refunds reach your e-wallet or bank within a few days, depending on the provider.',
      '',
      `Withdrawal: ${withdrawalId}`,
      `Top-up: ${r.orderId}`,
    ],
  }),
  id: ({ withdrawalId, refund: r }) => ({
    subject: `Bali Refill: ${formatRupiah(r.amount)} dikembalikan ke ${paymentMethodName(r.paymentMethod)} Anda`,
    lines: [
      `Kami mengembalikan ${formatRupiah(r.amount)} dari saldo Bali Refill Anda yang belum terpakai ke pembayaran ${paymentMethodName(r.paymentMethod)} yang Anda pakai untuk isi saldo pada ${day(r.paidAt, 'id')} (${formatRupiah(r.paid)}).`,
      'Pengembalian dana masuk ke dompet digital atau bank Anda dalam beberapa hari, tergantung penyedianya.',
      '',
      `Penarikan: ${withdrawalId}`,
      `Isi saldo: ${r.orderId}`,
    ],
  }),
};

/** Why a part of the balance is paid out by hand, in one language. */
const payoutReasonTexts: Record<Language, Record<PayoutReason, (line: PayoutLine) => string>> = {
  en: {
    window_passed: (l) => `${paymentMethodName(l.paymentMethod!)} refunds are possible for ${REFUND_WINDOW_DAYS[l.paymentMethod!]} days; this top-up of ${day(l.paidAt, 'en')} could be refunded until ${day(l.refundableUntil, 'en')}`,
    method_not_refundable: (l) => `${paymentMethodName(l.paymentMethod!)} payments cannot be refunded automatically`,
    not_from_topup: () => 'This part of the balance is credit that did not come from a top-up (a claim, goodwill, a kept receipt or our team\'s adjustment), so no payment provider can refund it',
    gateway_refused: (l) => `The payment provider refused the refund${l.detail ? `: ${l.detail}` : ''}`,
  },
  id: {
    window_passed: (l) => `Pengembalian ${paymentMethodName(l.paymentMethod!)} hanya bisa dalam ${REFUND_WINDOW_DAYS[l.paymentMethod!]} hari; isi saldo tanggal ${day(l.paidAt, 'id')} ini bisa dikembalikan sampai ${day(l.refundableUntil, 'id')}`,
    method_not_refundable: (l) => `Pembayaran ${paymentMethodName(l.paymentMethod!)} tidak dapat dikembalikan secara otomatis`,
    not_from_topup: () => 'Bagian saldo ini adalah kredit yang tidak berasal dari isi saldo (klaim, kompensasi, struk yang disimpan, atau penyesuaian oleh tim kami), jadi tidak ada penyedia pembayaran yang bisa mengembalikannya',
    gateway_refused: (l) => `Penyedia pembayaran menolak pengembalian dana${l.detail ? `: ${l.detail}` : ''}`,
  },
};

/** The part of a withdrawal that could not be refunded automatically, line by line, and where it will be sent. */
export interface PayoutNoticeEmailData {
  withdrawalId: string;
  lines: PayoutLine[];
  /** The destination the person gave (a label such as 'DANA •••7891'), or null when not given yet. */
  to: string | null;
}

const payoutTotal = (lines: PayoutLine[]) => lines.reduce((sum, line) => sum + line.amountIdr, 0);
const reasonLines = (lines: PayoutLine[], language: Language) => lines.map((p) => `- ${formatRupiah(p.amountIdr)}: ${payoutReasonTexts[language][p.reason](p)}.`);

export const payoutNoticeEmail: EmailTemplate<PayoutNoticeEmailData> = {
  en: (d) => ({
    subject: `Bali Refill: ${formatRupiah(payoutTotal(d.lines))} will be paid out to you`,
    lines: [
      `${formatRupiah(payoutTotal(d.lines))} of your balance could not be refunded automatically. Our team will pay it out to ${d.to ?? 'you (we will ask you where)'} and write to you when it is sent:`,
      '', ...reasonLines(d.lines, 'en'), '', `Withdrawal: ${d.withdrawalId}`,
    ],
  }),
  id: (d) => ({
    subject: `Bali Refill: ${formatRupiah(payoutTotal(d.lines))} akan dibayarkan kepada Anda`,
    lines: [
      `${formatRupiah(payoutTotal(d.lines))} dari saldo Anda tidak dapat dikembalikan secara otomatis. Tim kami akan membayarkannya ${d.to ? `ke ${d.to}` : 'kepada Anda (kami akan menanyakan tujuannya)'} dan mengabari Anda saat sudah dikirim:`,
      '', ...reasonLines(d.lines, 'id'), '', `Penarikan: ${d.withdrawalId}`,
    ],
  }),
};

/** An admin closed the payout: sent (under a transfer reference) or returned to the wallet; the admin's note as written. */
export interface PayoutOutcomeEmailData {
  withdrawalId: string;
  amountIdr: Rupiah;
  outcome: 'paid' | 'returned';
  to: string | null;
  transferReference: string | null;
  note: string;
}

export const payoutOutcomeEmail: EmailTemplate<PayoutOutcomeEmailData> = {
  en: (d) => ({
    subject: `Bali Refill: your payout of ${formatRupiah(d.amountIdr)}`,
    lines: [
      d.outcome === 'paid'
        ? `We sent you ${formatRupiah(d.amountIdr)}${d.to ? ` to ${d.to}` : ''}, the part of your withdrawal ${d.withdrawalId} that could not be refunded automatically. Transfer reference: ${d.transferReference}.`
        : `The ${formatRupiah(d.amountIdr)} of your withdrawal ${d.withdrawalId} that could not be refunded automatically is back in your Bali Refill wallet.`,
      !!d.note && '', !!d.note && d.note,
    ],
  }),
  id: (d) => ({
    subject: `Bali Refill: pembayaran Anda sebesar ${formatRupiah(d.amountIdr)}`,
    lines: [
      d.outcome === 'paid'
        ? `Kami telah mengirimkan ${formatRupiah(d.amountIdr)} kepada Anda${d.to ? ` ke ${d.to}` : ''}, bagian dari penarikan ${d.withdrawalId} yang tidak dapat dikembalikan secara otomatis. Referensi transfer: ${d.transferReference}.`
        : `${formatRupiah(d.amountIdr)} dari penarikan ${d.withdrawalId} yang tidak dapat dikembalikan secara otomatis sudah kembali ke dompet Bali Refill Anda.`,
      !!d.note && '', !!d.note && d.note,
    ],
  }),
};
