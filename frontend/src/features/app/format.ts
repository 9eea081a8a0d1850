import { formatDateTime as dateTimeIn, formatKg as kgIn, formatLitres as litresIn, formatNumber, formatTime as timeIn } from '@shared/format';
import { formatRupiah } from '@shared/money';
import { paymentMethodName } from '@shared/payment-methods';
import type { PaymentMethod, Transaction } from '@shared/schemas/transaction';
import type { appTexts } from '../../i18n/app';
import { getLanguage } from '../../i18n/language';

type AppTexts = (typeof appTexts)['en'];

// In the app's language, on Bali's clock (shared/format.ts): a language switch renders the page again.

/** Date and time in Bali: '1 Mar 2026, 16:05' (English), '1 Mar 2026, 16.05' (Indonesian); '' when unreadable. */
export const formatDateTime = (iso: string) => dateTimeIn(iso, getLanguage()) ?? '';

/** Time in Bali: '16:05' (English), '16.05' (Indonesian); '' when unreadable. */
export const formatTime = (iso: string) => timeIn(iso, getLanguage()) ?? '';

/** '1.5 L' / '1,5 L' */
export const formatLitres = (litres: number) => litresIn(litres, getLanguage());
/** '0.25 kg' / '0,25 kg' */
export const formatKg = (kg: number) => kgIn(kg, getLanguage());
export const formatCount = (n: number) => formatNumber(n, getLanguage(), 2);


/**
 * docs/design.md, "Entities": anything but a purchase is shown as a top-up; what is owed (and paid towards it) is named
 * as such. A guest refill kept from its receipt is a refill too, paid at the station rather than from the wallet.
 */
const isPurchase = (t: Pick<Transaction, 'type'>) => t.type === 'purchase' || t.type === 'guest_refill';
/** Entries that took money from the wallet (the server says so; a purchase and a repayment always do). */
export const isDebit = (t: Pick<Transaction, 'type'> & { debit?: boolean }) => t.debit ?? (t.type === 'purchase' || t.type === 'repayment');

type WithdrawalInHistory = NonNullable<Transaction['withdrawal']>;

/** A withdrawal's balance named by where it went: one refund 'Refunded to GoPay', only a payout 'Payout to BCA •••7890', both 'Withdrawn'. */
function withdrawnTitle(w: WithdrawalInHistory, texts: AppTexts['transaction']): string {
  if (w.payoutIdr === 0 && w.refunds.length === 1) return texts.refundedTo(paymentMethodName(w.refunds[0]!.paymentMethod));
  if (w.refunds.length === 0 && w.payoutIdr > 0) return w.payoutTo ? texts.payoutTo(w.payoutTo) : texts.payoutByTeam;
  return texts.withdrawn;
}

/** Under a withdrawal's row, each part: 'Rp 15.000 refunded to GoPay · Rp 20.000 paid out to BCA •••7890 (sent)'. */
export function withdrawalParts(w: WithdrawalInHistory, texts: AppTexts['transaction']): string {
  const status = texts.payoutStatus[w.payoutStatus];
  return [
    ...w.refunds.map((r) => texts.refundPart(formatRupiah(r.amountIdr), paymentMethodName(r.paymentMethod))),
    ...(w.payoutIdr > 0 ? [`${texts.payoutPart(formatRupiah(w.payoutIdr), w.payoutTo)}${status ? ` (${status})` : ''}`] : []),
  ].join(' · ');
}

/**
 * A purchase shows the station name or 'Water Purchase'; what is owed 'Owed: <station>'; its repayment 'Owed amount
 * paid'; the balance set aside for a withdrawal by where it went (withdrawnTitle), a payout the admin returned
 * 'Payout returned to wallet', an interrupted withdrawal's money 'Back from an interrupted withdrawal'; money refunded
 * to a payment 'Refunded to <method>'; another debit 'Balance adjustment'; everything else 'Top Up'.
 */
export function transactionTitle(
  t: Pick<Transaction, 'type' | 'machine' | 'withdrawalId' | 'withdrawal'> & { debit?: boolean; paymentMethod?: PaymentMethod | null },
  texts: AppTexts['transaction'],
): string {
  if (t.type === 'receivable') return t.machine?.name ? texts.owedAt(t.machine.name) : texts.owed;
  if (t.type === 'repayment') return texts.owedPaid;
  if (t.withdrawal?.step === 'withdrawn') return withdrawnTitle(t.withdrawal, texts);
  if (t.withdrawal?.step === 'payout_returned') return texts.payoutReturned;
  if (t.withdrawalId) return t.debit ? texts.withdrawn : texts.backFromWithdrawal;
  if (t.type === 'adjustment' && t.debit) return t.paymentMethod ? texts.refundedTo(paymentMethodName(t.paymentMethod)) : texts.adjustment;
  return isPurchase(t) ? t.machine?.name || texts.purchase : texts.topUp;
}

/**
 * '-Rp 1.500' for a purchase or repayment, 'Rp 300 owed' for what is owed, 'Rp 3.000' (no sign: the wallet did not
 * move) for a kept guest refill, '+Rp 50.000' otherwise; always the absolute amount.
 */
export function signedAmount(t: Pick<Transaction, 'type' | 'amount'> & { debit?: boolean }, texts: AppTexts['transaction']): string {
  if (t.type === 'receivable') return texts.owedAmount(formatRupiah(Math.abs(t.amount)));
  if (t.type === 'guest_refill') return formatRupiah(Math.abs(t.amount));
  return `${isDebit(t) ? '-' : '+'}${formatRupiah(Math.abs(t.amount))}`;
}
