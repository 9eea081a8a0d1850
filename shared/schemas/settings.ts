import { z } from 'zod';
import * as C from '../constants';

/** Runtime business settings (admin System tab); defaults are spec section 9's values. */
export const Settings = z.object({
  pricePerLitre: z.number().int().positive().default(C.PRICE_PER_LITRE_IDR),
  minBalancePoints: z.number().int().nonnegative().default(C.MIN_BALANCE_TO_VEND_POINTS),
  minTopup: z.number().int().positive().default(C.MIN_TOPUP_IDR),
  heartbeatIntervalSeconds: z.number().int().min(5).max(3600).default(C.HEARTBEAT_INTERVAL_SECONDS),
  vendTokenExpirySeconds: z.number().int().min(10).max(600).default(C.VEND_TOKEN_EXPIRY_SECONDS),
  nfcTokenExpirySeconds: z.number().int().min(30).max(3600).default(C.NFC_TOKEN_EXPIRY_SECONDS),
  bottleLitres: z.number().positive().default(C.BOTTLE_LITRES),
  co2KgPerBottle: z.number().positive().default(C.CO2_KG_PER_BOTTLE),
});
export type Settings = z.infer<typeof Settings>;
export const DEFAULT_SETTINGS: Settings = Settings.parse({});
