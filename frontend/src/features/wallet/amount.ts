import { DEFAULT_TOPUP_IDR, MIN_TOPUP_IDR, TOPUP_PRESETS_IDR } from '@shared/constants';
import type { PaymentMethod, TopupPaymentMethod } from '@shared/schemas/transaction';
import type { walletTexts } from '../../i18n/wallet';

export const PRESETS = TOPUP_PRESETS_IDR;
export const DEFAULT_PRESET = DEFAULT_TOPUP_IDR;
export const DEFAULT_METHOD: TopupPaymentMethod = 'ovo';

/** Keeps the digits of what was typed in the custom amount ('50.000', 'Rp 50,000' -> '50000'). */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '').replace(/^0+(?=\d)/, '').slice(0, 9);

/** The amount to pay: the custom amount when one is filled in (it overrides the preset), else the preset. */
export function chosenAmount(preset: number, custom: string): number {
  const digits = digitsOnly(custom);
  return digits === '' ? preset : Number(digits);
}

export const isBelowMinimum = (amount: number, minimum: number = MIN_TOPUP_IDR) => !Number.isFinite(amount) || amount < minimum;

/** What to tell the customer while the gateway waits for them. */
export function pendingInstruction(method: PaymentMethod, hasDeeplink: boolean, onPhone: boolean, t: (typeof walletTexts)['en']['instructions']): string {
  if (hasDeeplink && onPhone) return t.approve;
  if (method === 'ovo' || method === 'gopay' || method === 'qris' || method === 'card') return t[method];
  return t.other;
}
