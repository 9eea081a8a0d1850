import * as z from '../zod';
import * as C from '../constants';
import type { AlertRule } from './alert';
import { lazySchema } from '../lazy-schema';

const number = () => z.number({ error: 'Enter a number' });
const whole = () => number().check(z.int('Enter a whole number'));
const between = (min: number, max: number) => whole().check(z.gte(min, `Must be between ${min} and ${max}`), z.lte(max, `Must be between ${min} and ${max}`));

/** The addresses of a recipients setting (separated by commas), each once. */
export const alertRecipientList = (value: string) => [...new Set(value.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean))];

/** Who is told: e-mail addresses separated by commas; the message names the first one that is not an address. */
const recipients = () => z._default(z.string({ error: 'Enter e-mail addresses separated by commas' }).check(
  z.trim(),
  z.maxLength(1000, 'At most 1000 characters'),
  z.superRefine((value, ctx) => {
    const bad = alertRecipientList(value).find((a) => !z.email().safeParse(a).success);
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `Not an e-mail address: ${bad.slice(0, 80)} (separate addresses with commas)` });
  }),
), '');

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
const ruleRepeat = () => z._default(whole().check(z.refine((v) => v === 0 || (v >= 5 && v <= 1440), REPEAT_RANGE)), 0);

/** How often an unacknowledged alert of the rule is e-mailed again: the rule's own interval, else the general one. */
export const alertRepeatMinutesOf = (settings: Settings, rule: AlertRule) => settings[ALERT_REPEAT_SETTINGS[rule]] || settings.alertRepeatMinutes;

const WHATSAPP_SHAPE = 'A WhatsApp number with its country code, like +62 812 3456 7890 (or empty)';
const SUPPORT_EMAIL_SHAPE = 'An e-mail address (or empty)';

/** What the public Contact page shows (GET /api/contact): from the settings, null where none is set. */
export const SupportContact = /* @__PURE__ */ lazySchema(() => z.object({ whatsapp: z.nullable(z.string()), email: z.nullable(z.string()) }));

/** Runtime business settings (admin System tab); defaults are the values of docs/design.md, "Constants". */
export const Settings = /* @__PURE__ */ lazySchema(() => z.object({
  pricePerLitre: z._default(whole().check(z.positive('Must be more than 0')), C.PRICE_PER_LITRE_IDR),
  minBalancePoints: z._default(whole().check(z.nonnegative('Must be 0 or more')), C.MIN_BALANCE_TO_VEND_POINTS),
  minTopup: z._default(whole().check(z.positive('Must be more than 0')), C.MIN_TOPUP_IDR),
  heartbeatIntervalSeconds: z._default(between(5, 3600), C.HEARTBEAT_INTERVAL_SECONDS),
  vendTokenExpirySeconds: z._default(between(10, 600), C.VEND_TOKEN_EXPIRY_SECONDS),
  nfcTokenExpirySeconds: z._default(between(30, 3600), C.NFC_TOKEN_EXPIRY_SECONDS),
  /** The offline allowance an NFC token reserves: millilitres at the fleet's highest price, never more than the balance. */
  offlineAllowanceMl: z._default(between(100, 10_000), C.OFFLINE_ALLOWANCE_ML),
  /** How long an unused reservation stays held after its token expired (an offline station delivers within it). */
  offlineSettlementWindowMinutes: z._default(between(5, 1440), C.OFFLINE_SETTLEMENT_WINDOW_MINUTES),
  paidVendCutoffSeconds: z._default(between(30, 3600), C.PAID_VEND_CUTOFF_SECONDS),
  guestRefundGraceHours: z._default(between(1, 720), C.GUEST_REFUND_GRACE_HOURS),
  bottleLitres: z._default(number().check(z.positive('Must be more than 0')), C.BOTTLE_LITRES),
  co2KgPerBottle: z._default(number().check(z.positive('Must be more than 0')), C.CO2_KG_PER_BOTTLE),
  /** What a host earns of its stations' revenue, in percent (docs/architecture.md, "Roles"). */
  hostRevenueSharePercent: z._default(number().check(z.gte(0, 'Must be between 0 and 100'), z.lte(100, 'Must be between 0 and 100')), C.HOST_REVENUE_SHARE_PERCENT),
  /** Alert rules (0 turns one off), evaluated from heartbeats, presence and the sweep. */
  alertOfflineMinutes: z._default(between(0, 1440), C.ALERT_OFFLINE_MINUTES),
  alertWaterLevelPercent: z._default(between(0, 100), C.ALERT_WATER_LEVEL_PERCENT),
  alertTdsMaxPpm: z._default(between(0, 5000), C.ALERT_TDS_MAX_PPM),
  alertNoVendHours: z._default(between(0, 720), C.ALERT_NO_VEND_HOURS),
  alertFilterLifePercent: z._default(between(0, 100), C.ALERT_FILTER_LIFE_PERCENT),
  alertVendFailurePercent: z._default(between(0, 100), C.ALERT_VEND_FAILURE_PERCENT),
  alertDeadLetterMessages: z._default(between(0, 100_000), C.ALERT_DEAD_LETTER_MESSAGES),
  alertRepeatMinutes: z._default(between(5, 1440), C.ALERT_REPEAT_MINUTES),
  alertOfflineRepeatMinutes: ruleRepeat(),
  alertLowWaterRepeatMinutes: ruleRepeat(),
  alertQualityRepeatMinutes: ruleRepeat(),
  alertNoVendRepeatMinutes: ruleRepeat(),
  alertFilterLifeRepeatMinutes: ruleRepeat(),
  alertVendFailuresRepeatMinutes: ruleRepeat(),
  alertDeadLettersRepeatMinutes: ruleRepeat(),
  /** Water safety (0 turns one off): a heartbeat's TDS above this locks the station; so does a sanitation older than the interval. */
  safetyTdsMaxPpm: z._default(between(0, 5000), C.SAFETY_TDS_MAX_PPM),
  sanitationIntervalDays: z._default(between(0, 365), C.SANITATION_INTERVAL_DAYS),
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
  /** The public Contact page: a WhatsApp number and an e-mail address for visitors (empty: not shown). */
  supportWhatsApp: z._default(z.string({ error: WHATSAPP_SHAPE }).check(z.trim(), z.regex(/^(?:\+[1-9][0-9 ]{7,19})?$/, WHATSAPP_SHAPE)), ''),
  supportEmail: z._default(z.string({ error: SUPPORT_EMAIL_SHAPE }).check(z.trim(), z.maxLength(254, SUPPORT_EMAIL_SHAPE), z.refine((v) => v === '' || z.email().safeParse(v).success, SUPPORT_EMAIL_SHAPE)), ''),
}));
export type Settings = z.infer<typeof Settings>;
let defaults: Settings | undefined;
/** The defaults, parsed on first use: parsing at load cost every function about 10 ms of init (docs/scale.md, "Functions"). */
export const defaultSettings = (): Settings => (defaults ??= Settings.parse({}));
