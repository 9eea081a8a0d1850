import type { PaymentMethod } from './schemas/transaction';

/**
 * A payment method as people know it: brand names, the same in every language, for the app, the receipt, the console
 * and the e-mails alike. A card paid on the gateway's hosted page is named by the networks it takes.
 */
const PAYMENT_METHOD_NAMES = {
  ovo: 'OVO',
  gopay: 'GoPay',
  qris: 'QRIS',
  google_pay: 'Google Pay',
  apple_pay: 'Apple Pay',
  card: 'Visa / Mastercard',
} as const satisfies Record<PaymentMethod, string>;

/** The method's name; a method this build does not know (an older record, a newer server) reads as stored. */
export const paymentMethodName = (method: PaymentMethod | string): string => (PAYMENT_METHOD_NAMES as Record<string, string>)[method] ?? method;
