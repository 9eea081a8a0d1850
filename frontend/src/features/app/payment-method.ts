import type { PaymentMethod } from '@shared/schemas/transaction';

// A payment method as people know it, in every language; no React here: the receipt's first paint uses it too.
const METHOD_LABELS: Record<PaymentMethod, string> = {
  ovo: 'OVO',
  gopay: 'GoPay',
  qris: 'QRIS',
  google_pay: 'Google Pay',
  apple_pay: 'Apple Pay',
  card: 'Visa / Mastercard',
};
export const paymentMethodLabel = (method: PaymentMethod) => METHOD_LABELS[method] ?? method;
