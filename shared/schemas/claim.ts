import * as z from '../zod';
import { StationEvent, TelemetryReading } from './telemetry';
import { lazySchema } from '../lazy-schema';
import { languages, type Language } from '../language';

/** How long after a vend a person may claim it (docs/architecture.md, "Claims"). */
export const CLAIM_WINDOW_HOURS = 24;
/** How much of the station's telemetry the admin sees on either side of the claimed session. */
export const CLAIM_TELEMETRY_MARGIN_MINUTES = 30;

const claimKinds = ['not_dispensed', 'dispensed_less', 'tasted_wrong'] as const;
export const ClaimKind = /* @__PURE__ */ lazySchema(() => z.enum(claimKinds));
export type ClaimKind = z.infer<typeof ClaimKind>;

/** `credited`: money went back to the wallet (at once or by an admin); `pending`: in the admin queue; `declined` with a reason. */
export const ClaimStatus = /* @__PURE__ */ lazySchema(() => z.enum(['pending', 'credited', 'declined']));
export type ClaimStatus = z.infer<typeof ClaimStatus>;

const CLAIM_KIND_REQUIRED = 'Choose what went wrong';

/** A person's claim on one of their vends. */
export const ClaimInput = /* @__PURE__ */ lazySchema(() => z.object({
  kind: z.enum(claimKinds, { error: CLAIM_KIND_REQUIRED }),
  note: z.optional(z.string({ error: 'The note must be text' }).check(z.trim(), z.maxLength(500, 'The note is at most 500 characters'))),
}));

/** What the history row shows of a vend's claim. */
export const ClaimState = /* @__PURE__ */ lazySchema(() => z.object({
  status: ClaimStatus,
  /** Rupiah credited back (0 while pending or when declined). */
  creditedIdr: z.number().check(z.int(), z.nonnegative()),
  /** The admin's reason when declined. */
  reason: z.nullable(z.string()),
}));
export type ClaimState = z.infer<typeof ClaimState>;

export const Claim = /* @__PURE__ */ lazySchema(() => z.object({
  /** The vend session claimed (one claim per vend). */
  sessionId: z.string(),
  userId: z.string(),
  stationId: z.string(),
  machineName: z.string(),
  kind: ClaimKind,
  note: z.nullable(z.string()),
  status: ClaimStatus,
  /** What the vend charged and the station's completion (millilitres) at the session's price. */
  chargedIdr: z.number().check(z.int()),
  dispensedMl: z.number().check(z.int()),
  pricePerLitre: z.number().check(z.int()),
  vendAt: z.string(),
  vendClosedAt: z.nullable(z.string()),
  /** Why the station's own record supports the claim (credited at once); null when it went to the admin queue. */
  support: z.nullable(z.string()),
  creditedIdr: z.number().check(z.int(), z.nonnegative()),
  createdAt: z.string(),
  resolution: z.nullable(z.object({ at: z.string(), by: z.string(), decision: z.enum(['credit', 'decline']), reason: z.string() })),
  /** Where a guest (no account) asked to be answered: an e-mail address or a WhatsApp number (E.164). */
  contact: z.optional(z.object({ email: z.optional(z.string()), whatsapp: z.optional(z.string()) })),
  /** The language of the request that made the claim: its outcome e-mail's (docs/architecture.md, "E-mail"); older claims have none: English. */
  language: z.optional(z.enum(languages)),
}));
export type Claim = z.infer<typeof Claim>;

/** The language a claim's outcome is e-mailed in. */
export const claimLanguage = (claim: Pick<Claim, 'language'>): Language => claim.language ?? 'en';

export const ClaimsQuery = /* @__PURE__ */ lazySchema(() => z.object({
  status: z._default(ClaimStatus, 'pending'),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
}));

/** How many claims wait for an admin's decision (the badge on the console's queue). */
export const ClaimCounts = /* @__PURE__ */ lazySchema(() => z.object({ pending: z.number().check(z.int()) }));

/** One claim with the station's readings and connection events around its session (admin). */
export const ClaimDetail = /* @__PURE__ */ lazySchema(() => z.object({
  claim: Claim,
  readings: z.array(TelemetryReading),
  events: z.array(StationEvent),
  /** The window the telemetry covers. */
  from: z.string(),
  to: z.string(),
}));

const REASON_REQUIRED = 'Give a reason (the person reads it)';

/** An admin's decision on a pending claim: credit up to what the vend charged, or decline; both with a reason. */
export const ClaimResolutionInput = /* @__PURE__ */ lazySchema(() => z.object({
  decision: z.enum(['credit', 'decline'], { error: 'Choose credit or decline' }),
  /** Rupiah to credit (credit only): 1 up to what the vend charged. */
  amount: z.optional(z.number({ error: 'Enter an amount in rupiah' }).check(z.int('Whole rupiah only'), z.positive('More than 0'))),
  reason: z.string({ error: REASON_REQUIRED }).check(z.trim(), z.minLength(1, REASON_REQUIRED), z.maxLength(500, 'The reason is at most 500 characters')),
}));
export type ClaimResolutionInput = z.infer<typeof ClaimResolutionInput>;
