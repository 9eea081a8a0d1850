import * as z from 'zod';
import * as C from '../constants';

const number = () => z.number({ error: 'Enter a number' });
const whole = () => number().int('Enter a whole number');
const between = (min: number, max: number) => whole().min(min, `Must be between ${min} and ${max}`).max(max, `Must be between ${min} and ${max}`);

/** Runtime business settings (admin System tab); defaults are the values of docs/design.md, "Constants". */
export const Settings = z.object({
  pricePerLitre: whole().positive('Must be more than 0').default(C.PRICE_PER_LITRE_IDR),
  minBalancePoints: whole().nonnegative('Must be 0 or more').default(C.MIN_BALANCE_TO_VEND_POINTS),
  minTopup: whole().positive('Must be more than 0').default(C.MIN_TOPUP_IDR),
  heartbeatIntervalSeconds: between(5, 3600).default(C.HEARTBEAT_INTERVAL_SECONDS),
  vendTokenExpirySeconds: between(10, 600).default(C.VEND_TOKEN_EXPIRY_SECONDS),
  nfcTokenExpirySeconds: between(30, 3600).default(C.NFC_TOKEN_EXPIRY_SECONDS),
  paidVendCutoffSeconds: between(30, 3600).default(C.PAID_VEND_CUTOFF_SECONDS),
  bottleLitres: number().positive('Must be more than 0').default(C.BOTTLE_LITRES),
  co2KgPerBottle: number().positive('Must be more than 0').default(C.CO2_KG_PER_BOTTLE),
});
export type Settings = z.infer<typeof Settings>;
export const DEFAULT_SETTINGS: Settings = Settings.parse({});
