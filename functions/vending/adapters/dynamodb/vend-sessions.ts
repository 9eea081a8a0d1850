import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TransactionPart } from '@functions/platform/ports/transaction';
import type { IncidentReport, IncidentResolution, IncidentSubject, Reservation, SessionOutcome, UsedToken, VendIncident, VendSession, VendSessions } from '../../ports/vend-sessions';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';
import { definedFields, entity, type Condition } from '@functions/platform/adapters/dynamodb/entity';

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Extra life of a used-token record past the token's expiry, then DynamoDB's TTL deletes it. */
const USED_TOKEN_RETENTION_SECONDS = 3600;
/**
 * Life of a reservation's record (and, for an offline token, of its used-token record) past its voidAt: an offline
 * station's completion delivered within it still finds which station redeemed the token first.
 */
const RESERVATION_RETENTION_SECONDS = 30 * 86_400;
const retainedUntil = (at: string, seconds: number) => Math.floor(Date.parse(at) / 1000) + seconds;

/** The keys of an item's entry in an index: an update sets them to file the item there, and removes them to take it out. */
interface InGsi1 { GSI1PK: string; GSI1SK: string }
interface InGsi2 { GSI2PK: string; GSI2SK: string }
/** A session's item, in GSI2 while the sweep is to find it; `settledAt` is when a late completion settled it. */
type SessionAttributes = VendSession & InGsi2 & { settledAt: string };
const sessionItem = entity<SessionAttributes>()(keys.vendSession, { GSI2: keys.openVendSession });
/** A reservation's item, in GSI2 while it is reserved. */
const reservationItem = entity<Reservation & InGsi2>()(keys.nfcReservation, { GSI2: keys.openNfcReservation });
/** A redeemed token's item: written once, so a token opens one vend. */
const usedTokenItem = entity<UsedToken>()(keys.usedNfcToken);
/** The user's live token: which reservation is the one in force, replaced only by whoever read the previous one. */
const liveTokenItem = entity<{ jti: string }>()(keys.liveNfcToken);
/** An incident's item, in GSI1 while it is open. */
const incidentItem = entity<VendIncident & InGsi1>()(keys.vendIncident, { GSI1: keys.openVendIncident });

/**
 * Vend sessions and used NFC tokens on the single table. An open session carries the GSI2 keys
 * VENDS#OPEN / <expiresAt>, so the sweep finds due sessions with one query; closing removes them. An expired session
 * waiting for its station carries VENDS#AWAITING / <closedAt> instead, until its refund is due or it is settled late.
 */
export class DynamoVendSessions implements VendSessions {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async consumeToken(record: UsedToken) {
    try {
      await this.db.send(new PutCommand(this.usedTokenPut(record)));
      return { consumed: true as const };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const existing = await this.usedToken(record.jti);
      if (!existing) throw new Error(`used token ${record.jti} vanished`);
      return { consumed: false as const, existing };
    }
  }

  opening(record: UsedToken, session: VendSession): TransactionPart {
    return { writes: [{ Put: this.usedTokenPut(record) }, { Put: this.sessionPut(session) }] };
  }

  private usedTokenPut(record: UsedToken) {
    // A token that reserved an allowance may be redeemed again by an offline station hours later: its record stays as long as the reservation's.
    const ttl = retainedUntil(record.expiresAt, USED_TOKEN_RETENTION_SECONDS + RESERVATION_RETENTION_SECONDS);
    return { TableName: this.tableName, Item: { ...keys.usedNfcToken(record.jti), ...record, ttl }, ...usedTokenItem.condition((c) => c.itemNotExists()) };
  }

  reserving(reservation: Reservation, previousJti: string | null): TransactionPart {
    const live = keys.liveNfcToken(reservation.userId);
    return {
      writes: [
        {
          Put: {
            TableName: this.tableName,
            Item: { ...keys.nfcReservation(reservation.jti), ...reservationItem.indexes.GSI2(reservation.voidAt, reservation.jti), ...reservation, ttl: retainedUntil(reservation.voidAt, RESERVATION_RETENTION_SECONDS) },
            ...reservationItem.condition((c) => c.itemNotExists()),
          },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: { ...live, jti: reservation.jti, ttl: retainedUntil(reservation.voidAt, 0) },
            ...liveTokenItem.condition((c) => (previousJti === null ? c.itemNotExists() : c.eq('jti', previousJti))),
          },
        },
      ],
    };
  }

  async reservation(jti: string): Promise<Reservation | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.nfcReservation(jti), ConsistentRead: true }));
    return Item ? withoutKeys<Reservation>(Item) : null;
  }

  async liveReservation(userId: string): Promise<Reservation | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.liveNfcToken(userId), ConsistentRead: true }));
    return Item ? this.reservation(Item.jti as string) : null;
  }

  usingReservation(jti: string): TransactionPart {
    return { writes: [{ Update: this.reservationMove(jti, 'used') }] };
  }

  voidingReservation(jti: string): TransactionPart {
    return { writes: [{ Update: this.reservationMove(jti, 'voided') }] };
  }

  /** reserved -> used or voided, off the sweep's list, only while reserved. */
  private reservationMove(jti: string, to: 'used' | 'voided') {
    return {
      TableName: this.tableName,
      ...reservationItem.update([jti], { set: { status: to }, remove: ['GSI2PK', 'GSI2SK'], condition: (c) => c.eq('status', 'reserved') }),
    };
  }

  async listReservationsDue(now: string, limit: number, cursor?: string) {
    const { Items = [], LastEvaluatedKey } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      // voidAt#jti: every key of a voidAt before now sorts below `now` followed by a higher character than '#'.
      ...reservationItem.query('GSI2', keys.openNfcReservationsPartition, { sort: { lt: `${now}$` } }),
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }));
    // Eventually consistent, like listExpired: voiding is conditional.
    return { items: Items.map((item) => withoutKeys<Reservation>(item)).filter((r) => r.status === 'reserved'), nextCursor: encodeCursor(LastEvaluatedKey) };
  }

  async openReserved(record: UsedToken, session: VendSession): Promise<boolean> {
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: [{ Put: this.usedTokenPut(record) }, { Put: this.sessionPut(session) }, { Update: this.reservationMove(record.jti, 'used') }] }));
      return true;
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if (!reasons.some((r) => r.Code === 'ConditionalCheckFailed')) throw error;
      return false;
    }
  }

  private sessionPut(session: VendSession) {
    return {
      TableName: this.tableName,
      Item: { ...keys.vendSession(session.id), ...(session.status === 'open' ? sessionItem.indexes.GSI2(session.expiresAt) : {}), ...session },
      ...sessionItem.condition((c) => c.itemNotExists()),
    };
  }

  async usedToken(jti: string): Promise<UsedToken | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.usedNfcToken(jti), ConsistentRead: true }));
    return Item ? withoutKeys<UsedToken>(Item) : null;
  }

  creating(session: VendSession): TransactionPart {
    return { writes: [{ Put: this.sessionPut(session) }] };
  }

  async create(session: VendSession): Promise<boolean> {
    try {
      await this.db.send(new PutCommand(this.sessionPut(session)));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async get(id: string): Promise<VendSession | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.vendSession(id), ConsistentRead: true }));
    return Item ? withoutKeys<VendSession>(Item) : null;
  }

  async close(id: string, outcome: SessionOutcome): Promise<boolean> {
    return this.conditionalUpdate(this.closeUpdate(id, outcome));
  }

  closing(id: string, outcome: SessionOutcome): TransactionPart {
    if (outcome.incident !== undefined) return { writes: [{ Update: this.closeUpdate(id, outcome) }] };
    // Closed as read without an incident: not if a malformed copy of the report recorded one since (it must be resolved too).
    return { writes: [{ Update: this.closeUpdate(id, outcome, (c) => c.or(c.notExists('incident'), c.eq('incident', false))) }] };
  }

  /** Writes the outcome and takes the session out of the sweep's index, only while it is open (and `also` holds). */
  private closeUpdate(id: string, outcome: SessionOutcome, also?: Condition<SessionAttributes>) {
    return {
      TableName: this.tableName,
      ...sessionItem.update([id], {
        set: definedFields(outcome),
        remove: ['GSI2PK', 'GSI2SK'],
        condition: (c) => (also ? c.and(c.eq('status', 'open'), also(c)) : c.eq('status', 'open')),
      }),
    };
  }

  settlingLate(id: string, outcome: { closedAt: string; dispensedMl: number; charged: number }): TransactionPart {
    return {
      writes: [{
        Update: {
          TableName: this.tableName,
          ...sessionItem.update([id], {
            // settledLateAfter takes the status the session closed with (a SET reads the item as it was).
            setFrom: { settledLateAfter: 'status' },
            set: { status: 'completed', settledLate: true, dispensedMl: outcome.dispensedMl, charged: outcome.charged, settledAt: outcome.closedAt },
            remove: ['GSI2PK', 'GSI2SK'],
            condition: (c) => c.in('status', ['expired', 'failed']),
          }),
        },
      }],
    };
  }

  async listExpired(now: string, limit: number, cursor?: string) {
    const { Items = [], LastEvaluatedKey } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...sessionItem.query('GSI2', keys.openVendsPartition, { sort: { le: now } }),
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }));
    // GSI reads are eventually consistent: a session closed a moment ago may still be listed; closing is conditional.
    return { items: Items.map((item) => withoutKeys<VendSession>(item)).filter((s) => s.status === 'open'), nextCursor: encodeCursor(LastEvaluatedKey) };
  }

  async awaitStation(id: string, closedAt: string): Promise<boolean> {
    return this.conditionalUpdate(this.fullRefundMove(id, 'waiting', (c) => c.and(c.eq('status', 'expired'), c.notExists('fullRefund')), { set: keys.awaitingVendSession(closedAt) }));
  }

  async listAwaitingStation(limit: number, cursor?: string) {
    const { Items = [], LastEvaluatedKey } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...sessionItem.query('GSI2', keys.awaitingVendsPartition),
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }));
    // Eventually consistent, like listExpired: marking a session due is conditional.
    return { items: Items.map((item) => withoutKeys<VendSession>(item)).filter((s) => s.status === 'expired' && s.fullRefund === 'waiting'), nextCursor: encodeCursor(LastEvaluatedKey) };
  }

  async markRefundDue(id: string): Promise<boolean> {
    return this.conditionalUpdate(this.fullRefundMove(id, 'due', (c) => c.and(c.eq('status', 'expired'), c.eq('fullRefund', 'waiting')), { remove: ['GSI2PK', 'GSI2SK'] }));
  }

  refundingInFull(id: string): TransactionPart {
    const condition: Condition<SessionAttributes> = (c) => c.or(c.eq('status', 'failed'), c.and(c.eq('status', 'expired'), c.eq('fullRefund', 'due')));
    return { writes: [{ Update: this.fullRefundMove(id, 'made', condition) }] };
  }

  /** The update that moves a session's `fullRefund` on to `to`, only while `condition` holds; `index` puts it on the sweep's list or takes it off. */
  private fullRefundMove(id: string, to: NonNullable<VendSession['fullRefund']>, condition: Condition<SessionAttributes>, index: { set?: InGsi2; remove?: (keyof InGsi2)[] } = {}) {
    return {
      TableName: this.tableName,
      ...sessionItem.update([id], { set: { fullRefund: to, ...index.set }, remove: index.remove, condition }),
    };
  }

  /** An update made only while its condition holds: false when it did not. */
  private async conditionalUpdate(update: ConstructorParameters<typeof UpdateCommand>[0]): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand(update));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async recordOfflineIncident(subject: IncidentSubject, report: IncidentReport): Promise<void> {
    await this.db.send(new UpdateCommand(this.incidentUpdate(subject, report, false)));
  }

  /** A new incident of the subject, or one more report on its open one. */
  private incidentUpdate(session: IncidentSubject, report: IncidentReport, held: boolean) {
    const listed = incidentItem.indexes.GSI1(report.at, session.id);
    return {
      TableName: this.tableName,
      ...incidentItem.update([session.id], {
        set: {
          sessionId: session.id, stationId: session.stationId, userId: session.userId, machineName: session.machineName, maxMl: session.maxMl, status: 'open', holdKept: held,
          lastReport: report, updatedAt: report.at, GSI1PK: listed.GSI1PK,
        },
        // The first report, the time it came and its place on the open list stay those of the incident's first report.
        setIfAbsent: { firstReport: report, createdAt: report.at, GSI1SK: listed.GSI1SK },
        add: { reports: 1 },
      }),
    };
  }

  async recordIncident(session: VendSession, report: IncidentReport, options: { holdSession: boolean }): Promise<'held' | 'recorded' | 'settled'> {
    const incident = (held: boolean) => this.incidentUpdate(session, report, held);
    /** The incident with a condition on the session, its state as the write found it told apart by the cancellation. */
    const withSession = async (held: boolean, sessionPart: NonNullable<TransactWriteCommandInput['TransactItems']>[number]): Promise<boolean> => {
      try {
        await this.db.send(new TransactWriteCommand({ TransactItems: [{ Update: incident(held) }, sessionPart] }));
        return true;
      } catch (error) {
        if ((error as Error).name !== 'TransactionCanceledException') throw error;
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        if (reasons[1]?.Code !== 'ConditionalCheckFailed') throw error;
        return false;
      }
    };
    // Out of the sweep's index: the hold stays until the incident is resolved.
    const holding = {
      Update: { TableName: this.tableName, ...sessionItem.update([session.id], { set: { incident: true }, remove: ['GSI2PK', 'GSI2SK'], condition: (c) => c.eq('status', 'open') }) },
    };
    if (options.holdSession && (await withSession(true, holding))) return 'held';
    // Closed meanwhile: released (the sweep, a failure), the incident is recorded without a hold; settled by a valid
    // completion that won the race, the report is one for a settled session, which is ignored.
    const notSettled = { ConditionCheck: { TableName: this.tableName, Key: sessionItem.key(session.id), ...sessionItem.condition((c) => c.ne('status', 'completed')) } };
    return (await withSession(false, notSettled)) ? 'recorded' : 'settled';
  }

  async incident(sessionId: string): Promise<VendIncident | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.vendIncident(sessionId), ConsistentRead: true }));
    return Item ? withoutKeys<VendIncident>(Item) : null;
  }

  resolvingIncident(sessionId: string, resolution: IncidentResolution) {
    return { writes: [{ Update: this.resolveUpdate(sessionId, resolution) }] };
  }

  /** Closes an open incident with its resolution and takes it off the open list. */
  private resolveUpdate(sessionId: string, resolution: IncidentResolution) {
    return {
      TableName: this.tableName,
      ...incidentItem.update([sessionId], {
        set: { status: 'resolved', resolution: JSON.parse(JSON.stringify(resolution)) as IncidentResolution, updatedAt: resolution.at },
        remove: ['GSI1PK', 'GSI1SK'],
        condition: (c) => c.eq('status', 'open'),
      }),
    };
  }

  async markStarted(id: string, at: string): Promise<boolean> {
    return this.conditionalUpdate({
      TableName: this.tableName,
      ...sessionItem.update([id], { set: { startedAt: at }, condition: (c) => c.and(c.eq('status', 'open'), c.notExists('startedAt')) }),
    });
  }

  async resolveIncident(sessionId: string, resolution: IncidentResolution): Promise<boolean> {
    return this.conditionalUpdate(this.resolveUpdate(sessionId, resolution));
  }

  async openIncidents(page: { limit: number; cursor?: string }) {
    const { Items = [], LastEvaluatedKey } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...incidentItem.query('GSI1', keys.openVendIncidentsPartition),
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor),
    }));
    return { items: Items.map((item) => withoutKeys<VendIncident>(item)), nextCursor: encodeCursor(LastEvaluatedKey) };
  }
}
