import { DEFAULT_TOPUP_IDR, MIN_TOPUP_IDR, TOPUP_PRESETS_IDR } from '@shared/constants';
import { minimumTopupMessage, type PaymentMethod } from '@shared/schemas';

export const PRESETS = TOPUP_PRESETS_IDR;
export const DEFAULT_PRESET = DEFAULT_TOPUP_IDR;
export const DEFAULT_METHOD: PaymentMethod = 'ovo';

export const INVALID_AMOUNT_TITLE = 'Invalid Amount';
/** 'Minimum top up amount is Rp 10.000', as the server answers it from its settings. */
export const minimumMessage = (minimum: number = MIN_TOPUP_IDR) => minimumTopupMessage(minimum);

export const TOPUP_FAILED_TITLE = 'Top Up Failed';
export const TOPUP_FAILED_FALLBACK = 'Failed to process top up';

/** Keeps the digits of what was typed in the custom amount ('50.000', 'Rp 50,000' -> '50000'). */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '').replace(/^0+(?=\d)/, '').slice(0, 9);

/** The amount to pay: the custom amount when one is filled in (it overrides the preset), else the preset. */
export function chosenAmount(preset: number, custom: string): number {
  const digits = digitsOnly(custom);
  return digits === '' ? preset : Number(digits);
}

export const isBelowMinimum = (amount: number, minimum: number = MIN_TOPUP_IDR) => !Number.isFinite(amount) || amount < minimum;

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  ovo: 'OVO',
  gopay: 'GoPay',
  qris: 'QRIS',
  google_pay: 'Google Pay',
  apple_pay: 'Apple Pay',
};

/** What to tell the customer while the gateway waits for them. */
export function pendingInstruction(method: PaymentMethod, hasDeeplink: boolean, onPhone: boolean): string {
  if (hasDeeplink && onPhone) return 'Open your e-wallet app to approve the payment.';
  if (method === 'ovo') return 'Open your OVO app and scan this QR code to pay.';
  if (method === 'gopay') return 'Open your Gojek or GoPay app and scan this QR code to pay.';
  if (method === 'qris') return 'Scan this QRIS code with any e-wallet or banking app to pay.';
  return 'Waiting for your payment to be confirmed.';
}
