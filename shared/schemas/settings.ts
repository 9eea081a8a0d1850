import * as z from 'zod';
import * as C from '../constants';
import type { AlertRule } from './alert';
import { lazySchema } from '../lazy-schema';

const number = () => z.number({ error: 'Enter a number' });
const whole = () => number().int('Enter a whole number');
const between = (min: number, max: number) => whole().min(min, `Must be between ${min} and ${max}`).max(max, `Must be between ${min} and ${max}`);

/** The addresses of a recipients setting (separated by commas), each once. */
export const alertRecipientList = (value: string) => [...new Set(value.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean))];

/** Who is told: e-mail addresses separated by commas; the message names the first one that is not an address. */
const recipients = () => z.string({ error: 'Enter e-mail addresses separated by commas' }).trim().max(1000, 'At most 1000 characters')
  .superRefine((value, ctx) => {
    const bad = alertRecipientList(value).find((a) => !z.email().safeParse(a).success);
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `Not an e-mail address: ${bad.slice(0, 80)} (separate addresses with commas)` });
  })
  .default('');

/** Each rule's own recipients (empty: the general alertRecipients). */
export const ALERT_RECIPIENT_SETTINGS = {
  offline: 'alertOfflineRecipients',
  lowWater: 'alertLowWaterRecipients',
  quality: 'alertQualityRecipients',
  noVend: 'alertNoVendRecipients',
  filterLife: 'alertFilterLifeRecipients',
  vendFailures: 'alertVendFailuresRecipients',
  deadLetters: 'alertDeadLettersRecipients',
} as const satisfies Record<AlertRule, string>;

/** Each rule's own repeat interval in minutes (0: the general alertRepeatMinutes). */
export const ALERT_REPEAT_SETTINGS = {
  offline: 'alertOfflineRepeatMinutes',
  lowWater: 'alertLowWaterRepeatMinutes',
  quality: 'alertQualityRepeatMinutes',
  noVend: 'alertNoVendRepeatMinutes',
  filterLife: 'alertFilterLifeRepeatMinutes',
  vendFailures: 'alertVendFailuresRepeatMinutes',
  deadLetters: 'alertDeadLettersRepeatMinutes',
} as const satisfies Record<AlertRule, string>;

const REPEAT_RANGE = 'Must be 0 (the general interval) or between 5 and 1440';
const ruleRepeat = () => whole().refine((v) => v === 0 || (v >= 5 && v <= 1440), REPEAT_RANGE).default(0);

/** How often an unacknowledged alert of the rule is e-mailed again: the rule's own interval, else the general one. */
export const alertRepeatMinutesOf = (settings: Settings, rule: AlertRule) => settings[ALERT_REPEAT_SETTINGS[rule]] || settings.alertRepeatMinutes;

/** Runtime business settings (admin System tab); defaults are the values of docs/design.md, "Constants". */
export const Settings = lazySchema(() => z.object({
  pricePerLitre: whole().positive('Must be more than 0').default(C.PRICE_PER_LITRE_IDR),
  minBalancePoints: whole().nonnegative('Must be 0 or more').default(C.MIN_BALANCE_TO_VEND_POINTS),
  minTopup: whole().positive('Must be more than 0').default(C.MIN_TOPUP_IDR),
  heartbeatIntervalSeconds: between(5, 3600).default(C.HEARTBEAT_INTERVAL_SECONDS),
  vendTokenExpirySeconds: between(10, 600).default(C.VEND_TOKEN_EXPIRY_SECONDS),
  nfcTokenExpirySeconds: between(30, 3600).default(C.NFC_TOKEN_EXPIRY_SECONDS),
  paidVendCutoffSeconds: between(30, 3600).default(C.PAID_VEND_CUTOFF_SECONDS),
  bottleLitres: number().positive('Must be more than 0').default(C.BOTTLE_LITRES),
  co2KgPerBottle: number().positive('Must be more than 0').default(C.CO2_KG_PER_BOTTLE),
  /** Alert rules (0 turns one off), evaluated from heartbeats, presence and the sweep. */
  alertOfflineMinutes: between(0, 1440).default(C.ALERT_OFFLINE_MINUTES),
  alertWaterLevelPercent: between(0, 100).default(C.ALERT_WATER_LEVEL_PERCENT),
  alertTdsMaxPpm: between(0, 5000).default(C.ALERT_TDS_MAX_PPM),
  alertNoVendHours: between(0, 720).default(C.ALERT_NO_VEND_HOURS),
  alertFilterLifePercent: between(0, 100).default(C.ALERT_FILTER_LIFE_PERCENT),
  alertVendFailurePercent: between(0, 100).default(C.ALERT_VEND_FAILURE_PERCENT),
  alertDeadLetterMessages: between(0, 100_000).default(C.ALERT_DEAD_LETTER_MESSAGES),
  alertRepeatMinutes: between(5, 1440).default(C.ALERT_REPEAT_MINUTES),
  alertOfflineRepeatMinutes: ruleRepeat(),
  alertLowWaterRepeatMinutes: ruleRepeat(),
  alertQualityRepeatMinutes: ruleRepeat(),
  alertNoVendRepeatMinutes: ruleRepeat(),
  alertFilterLifeRepeatMinutes: ruleRepeat(),
  alertVendFailuresRepeatMinutes: ruleRepeat(),
  alertDeadLettersRepeatMinutes: ruleRepeat(),
  /** Water safety (0 turns one off): a heartbeat's TDS above this locks the station; so does a sanitation older than the interval. */
  safetyTdsMaxPpm: between(0, 5000).default(C.SAFETY_TDS_MAX_PPM),
  sanitationIntervalDays: between(0, 365).default(C.SANITATION_INTERVAL_DAYS),
  /**
   * Who is told of every rule without recipients of its own (none here either: the deployment's operations
   * address, ALERT_EMAIL).
   */
  alertRecipients: recipients(),
  alertOfflineRecipients: recipients(),
  alertLowWaterRecipients: recipients(),
  alertQualityRecipients: recipients(),
  alertNoVendRecipients: recipients(),
  alertFilterLifeRecipients: recipients(),
  alertVendFailuresRecipients: recipients(),
  alertDeadLettersRecipients: recipients(),
}));
export type Settings = z.infer<typeof Settings>;
let defaults: Settings | undefined;
/** The defaults, parsed on first use: parsing at load cost every function about 10 ms of init (docs/scale.md, "Functions"). */
export const defaultSettings = (): Settings => (defaults ??= Settings.parse({}));
