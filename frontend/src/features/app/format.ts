import { GREETING_AFTERNOON_HOUR, GREETING_EVENING_HOUR, LOCALE } from '@shared/constants';
import { formatRupiah } from '@shared/money';
import type { PaymentMethod, Transaction, User } from '@shared/schemas';
import type { appTexts } from '../../i18n/app';

type AppTexts = (typeof appTexts)['en'];

/** Good morning before 12:00, Good afternoon before 18:00, otherwise Good evening (local time). */
export function greetingFor(hour: number, t: AppTexts['greeting']): string {
  if (hour < GREETING_AFTERNOON_HOUR) return t.morning;
  if (hour < GREETING_EVENING_HOUR) return t.afternoon;
  return t.evening;
}

type Names = Pick<User, 'firstName' | 'lastName'>;

/** First and last name, or 'User' (`fallback`, in the page's language) when neither exists. */
export function fullName(user: Names | null | undefined, fallback: string): string {
  const name = [user?.firstName, user?.lastName].map((n) => n?.trim()).filter(Boolean).join(' ');
  return name || fallback;
}

/** The avatar's letter: first name, else username or e-mail, else 'U'. */
export function initialOf(user: Names & Partial<Pick<User, 'username' | 'email'>>): string {
  const source = user.firstName?.trim() || user.lastName?.trim() || user.username?.trim() || user.email?.trim() || 'U';
  return source.charAt(0).toLocaleUpperCase(LOCALE);
}

/** The year an account was created, for 'Member since'. */
export function memberSince(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : String(date.getFullYear());
}

const dateTime = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const decimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** Date and time in the Indonesian locale: '1 Mar 2026, 08.05'. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** '1,5 L' */
export const formatLitres = (litres: number) => `${decimal.format(litres)} L`;
/** '0,25 kg' */
export const formatKg = (kg: number) => `${decimal.format(kg)} kg`;
export const formatCount = (n: number) => decimal.format(n);

const METHOD_LABELS: Record<PaymentMethod, string> = {
  ovo: 'OVO',
  gopay: 'GoPay',
  qris: 'QRIS',
  google_pay: 'Google Pay',
  apple_pay: 'Apple Pay',
};
export const paymentMethodLabel = (method: PaymentMethod) => METHOD_LABELS[method] ?? method;

/**
 * docs/design.md, "Entities": anything but a purchase is shown as a top-up; what is owed (and paid towards it) is named
 * as such. A guest refill kept from its receipt is a refill too, paid at the station rather than from the wallet.
 */
const isPurchase = (t: Pick<Transaction, 'type'>) => t.type === 'purchase' || t.type === 'guest_refill';
/** Entries that took money from the wallet (the server says so; a purchase and a repayment always do). */
export const isDebit = (t: Pick<Transaction, 'type'> & { debit?: boolean }) => t.debit ?? (t.type === 'purchase' || t.type === 'repayment');

/**
 * A purchase shows the station name or 'Water Purchase'; what is owed 'Owed: <station>'; its repayment 'Owed amount
 * paid'; the balance set aside for a withdrawal 'Withdrawn' (and what came back from one 'Back from a withdrawal');
 * money refunded to a payment 'Refunded to <method>'; another debit 'Balance adjustment'; everything else 'Top Up'.
 */
export function transactionTitle(t: Pick<Transaction, 'type' | 'machine' | 'withdrawalId'> & { debit?: boolean; paymentMethod?: PaymentMethod | null }, texts: AppTexts['transaction']): string {
  if (t.type === 'receivable') return t.machine?.name ? texts.owedAt(t.machine.name) : texts.owed;
  if (t.type === 'repayment') return texts.owedPaid;
  if (t.withdrawalId) return t.debit ? texts.withdrawn : texts.backFromWithdrawal;
  if (t.type === 'adjustment' && t.debit) return t.paymentMethod ? texts.refundedTo(paymentMethodLabel(t.paymentMethod)) : texts.adjustment;
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
