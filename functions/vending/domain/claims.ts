import type * as z from 'zod/mini';
import {
  CLAIM_TELEMETRY_MARGIN_MINUTES,
  CLAIM_WINDOW_HOURS,
  claimLanguage,
  type Claim,
  type ClaimKind,
  type ClaimResolutionInput,
  type ClaimsQuery,
} from '@shared/schemas/claim';
import { type StationEvent } from '@shared/schemas/telemetry';
import type { Language } from '@shared/language';
import { formatRupiah, priceOfMillilitres } from '@shared/money';
import type { ClaimRecord, ClaimResolution, Claims } from '../ports/claims';
import type { Clock } from '../../platform/ports/clock';
import type { Ledger } from '../../wallet/ports/ledger';
import { consoleLog, type Log } from '../../platform/ports/log';
import type { Mailer } from '../../platform/ports/mailer';
import type { Telemetry } from '../../fleet/ports/telemetry';
import { TransactionPartRejected } from '../../platform/ports/transaction';
import type { Users } from '../../accounts/ports/users';
import type { VendSession, VendSessions } from '../ports/vend-sessions';
import { conflict, invalid, notFound } from '../../platform/domain/errors';
import * as texts from './texts';
import { renderEmail } from '../../platform/domain/email-template';
import { claimOutcomeData, claimOutcomeEmail } from './claim-emails';

/**
 * "I didn't get my water" (docs/architecture.md, "Claims"): a person claims one of their vends within 24 hours. When
 * the station's own record supports the claim it is credited at once; otherwise it waits for an admin, who credits
 * up to what the vend charged or declines with a reason. Credits go through the ledger, one per claim.
 */
export interface ClaimDeps {
  vendSessions: VendSessions;
  claims: Claims;
  ledger: Ledger;
  users: Users;
  telemetry: Telemetry;
  clock: Clock;
  mailer?: Mailer;
  log?: Log;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Connection events read to find those around a session (the newest of the station's). */
const EVENTS_READ = 50;

const CLAIMED_ALREADY = texts.claimedAlready;
const NOTHING_CHARGED = texts.nothingCharged;
const RESOLVED_ALREADY = texts.claimResolvedAlready;

/** The idempotency key of a claim's one credit. */
const creditKey = (sessionId: string) => `claim:${sessionId}`;

/** When the vend was charged: a late settlement's time, else its close (the claim window starts there). */
const chargedAt = (session: VendSession) => (session as VendSession & { settledAt?: string }).settledAt ?? session.closedAt ?? session.createdAt;

/**
 * What in the station's own record supports a claim, and how much it gives back; null when nothing does. Wallet vends
 * are metered (the charge is the station's completion at the session's price), so "dispensed less" is supported only
 * when the record contradicts itself: the station reported a failure (vend/failed; never the sweep's expiry) before the
 * completion it was charged for, a completion that could not be settled as reported (a vend incident), or a charge
 * above the completion's millilitres at the session's price (the difference).
 */
export function supportOf(session: VendSession, hadIncident: boolean): { reason: string; creditIdr: number } | null {
  const charged = session.charged ?? 0;
  if (hadIncident) return { reason: 'The station reported a completion that could not be settled as it came (vend incident)', creditIdr: charged };
  // The sweep's expiry is the station's silence, not its word: a late but metered completion is a charge it proved.
  if (session.settledLateAfter === 'failed') return { reason: `The station reported a failure before the completion it was charged for: ${session.reason ?? 'dispense failed'}`, creditIdr: charged };
  const metered = priceOfMillilitres(session.dispensedMl ?? 0, session.pricePerLitre);
  if (charged > metered) return { reason: `Charged ${formatRupiah(charged)} for ${session.dispensedMl ?? 0} ml, which cost ${formatRupiah(metered)}`, creditIdr: charged - metered };
  return null;
}

/** The caller's vend, or 404 (another person's vend is not found either, so ids reveal nothing). */
async function ownVend(userId: string, sessionId: string, deps: Pick<ClaimDeps, 'vendSessions'>): Promise<VendSession> {
  const session = await deps.vendSessions.get(sessionId);
  if (!session || session.userId !== userId) throw notFound(texts.refillNotFound);
  return session;
}

/** A person claims one of their vends. */
export async function fileClaim(userId: string, sessionId: string, input: { kind: ClaimKind; note?: string; language?: Language; contact?: ClaimRecord['contact'] }, deps: ClaimDeps): Promise<ClaimRecord> {
  const session = await ownVend(userId, sessionId, deps);
  if (session.status === 'open') throw conflict(texts.refillInProgress);
  const charged = session.charged ?? 0;
  if (session.status !== 'completed' || charged <= 0) throw conflict(NOTHING_CHARGED);
  const now = deps.clock.now();
  const vendAt = chargedAt(session);
  if (now.getTime() - Date.parse(vendAt) > CLAIM_WINDOW_HOURS * HOUR_MS) throw conflict(texts.claimWindow(CLAIM_WINDOW_HOURS));
  const [existing, incident] = await Promise.all([deps.claims.get(userId, sessionId), deps.vendSessions.incident(sessionId)]);
  if (existing) throw conflict(CLAIMED_ALREADY);

  const at = now.toISOString();
  const support = supportOf(session, incident !== null);
  const base: ClaimRecord = {
    sessionId, userId, stationId: session.stationId, machineName: session.machineName, kind: input.kind, note: input.note || null,
    status: 'pending', chargedIdr: charged, dispensedMl: session.dispensedMl ?? 0, pricePerLitre: session.pricePerLitre,
    vendAt: session.createdAt, vendClosedAt: vendAt, support: null, creditedIdr: 0, createdAt: at, resolution: null,
    language: input.language ?? 'en',
    ...(input.contact ? { contact: input.contact } : {}),
  };
  if (!support) {
    if (!(await deps.claims.create(base))) throw conflict(CLAIMED_ALREADY);
    return base;
  }
  const claim: ClaimRecord = {
    ...base, status: 'credited', support: support.reason, creditedIdr: support.creditIdr,
    resolution: { at, by: 'system', decision: 'credit', reason: support.reason },
  };
  try {
    const result = await deps.ledger.post(userId, 'refund', support.creditIdr, creditKey(sessionId), {
      reference: sessionId, actor: 'system', machineId: session.stationId, machineName: session.machineName, note: `Claim: ${support.reason}`,
    }, { together: deps.claims.creating(claim) });
    // A replay means a claim made at the same moment credited it: this one is the second.
    if (result.replayed) throw conflict(CLAIMED_ALREADY);
  } catch (error) {
    if (error instanceof TransactionPartRejected) throw conflict(CLAIMED_ALREADY);
    throw error;
  }
  await mailOutcome(claim, deps);
  return claim;
}

/** The claims of one status (the admin queue: pending, oldest first). */
export const listClaims = (query: z.output<typeof ClaimsQuery>, deps: Pick<ClaimDeps, 'claims'>) => deps.claims.list(query.status, query);

async function claimOf(sessionId: string, deps: Pick<ClaimDeps, 'vendSessions' | 'claims'>): Promise<{ session: VendSession; claim: ClaimRecord }> {
  const session = await deps.vendSessions.get(sessionId);
  const claim = session ? await deps.claims.get(session.userId, sessionId) : null;
  if (!session || !claim) throw notFound(texts.claimNotFound);
  return { session, claim };
}

/** A claim with the station's readings and connection events from 30 minutes before its session to 30 after. */
export async function claimDetail(sessionId: string, deps: Pick<ClaimDeps, 'vendSessions' | 'claims' | 'telemetry'>) {
  const { session, claim } = await claimOf(sessionId, deps);
  const margin = CLAIM_TELEMETRY_MARGIN_MINUTES * MINUTE_MS;
  const from = new Date(Date.parse(session.createdAt) - margin).toISOString();
  const to = new Date(Date.parse(chargedAt(session)) + margin).toISOString();
  const [readings, events] = await Promise.all([
    deps.telemetry.readings(session.stationId, { from, to }, { limit: 1000 }),
    deps.telemetry.latestEvents(session.stationId, EVENTS_READ),
  ]);
  const within = (event: StationEvent) => event.at >= from && event.at <= to;
  return { claim, readings: readings.items.map((r) => ({ ...r, heartbeats: 1 })), events: events.filter(within).reverse(), from, to };
}

/** An admin credits a pending claim (up to what the vend charged) or declines it; the reason is on the claim and the ledger entry. */
export async function resolveClaim(sessionId: string, input: ClaimResolutionInput, actor: string, deps: ClaimDeps): Promise<Claim> {
  const { claim } = await claimOf(sessionId, deps);
  if (claim.status !== 'pending') throw conflict(RESOLVED_ALREADY);
  const at = deps.clock.now().toISOString();
  let resolved: ClaimRecord;
  if (input.decision === 'credit') {
    const amount = input.amount;
    if (amount === undefined) throw invalid(texts.enterCreditAmount, { amount: 'Enter an amount in rupiah' });
    if (amount > claim.chargedIdr) throw invalid(texts.moreThanCharged, { amount: `At most ${formatRupiah(claim.chargedIdr)} (what the refill charged)` });
    const resolution: ClaimResolution = { at, by: actor, decision: 'credit', reason: input.reason, creditedIdr: amount };
    try {
      const result = await deps.ledger.post(claim.userId, 'refund', amount, creditKey(sessionId), {
        reference: sessionId, actor, machineId: claim.stationId, machineName: claim.machineName, note: `Claim: ${input.reason}`,
      }, { together: deps.claims.resolving(claim, resolution) });
      if (result.replayed) throw conflict(RESOLVED_ALREADY);
    } catch (error) {
      if (error instanceof TransactionPartRejected) throw conflict(RESOLVED_ALREADY);
      throw error;
    }
    resolved = { ...claim, status: 'credited', creditedIdr: amount, resolution: { at, by: actor, decision: 'credit', reason: input.reason } };
  } else {
    const resolution: ClaimResolution = { at, by: actor, decision: 'decline', reason: input.reason, creditedIdr: 0 };
    if (!(await deps.claims.resolve(claim, resolution))) throw conflict(RESOLVED_ALREADY);
    resolved = { ...claim, status: 'declined', resolution: { at, by: actor, decision: 'decline', reason: input.reason } };
  }
  await mailOutcome(resolved, deps);
  return resolved;
}

/**
 * The outcome e-mail, in the language of the request that made the claim (docs/architecture.md, "E-mail"); a
 * refused e-mail is logged, the outcome stands.
 */
async function mailOutcome(claim: ClaimRecord, deps: Pick<ClaimDeps, 'users' | 'mailer' | 'log'>): Promise<void> {
  if (!deps.mailer || claim.status === 'pending') return;
  const user = await deps.users.get(claim.userId);
  if (!user?.email) return;
  try {
    await deps.mailer.send({ to: user.email, ...renderEmail(claimOutcomeEmail, claimOutcomeData(claim), claimLanguage(claim)) });
  } catch (error) {
    (deps.log ?? consoleLog).warn('claim outcome e-mail not sent', { sessionId: claim.sessionId, error: (error as Error).message });
  }
}
