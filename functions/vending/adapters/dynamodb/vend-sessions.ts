import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TransactionPart } from '@functions/platform/ports/transaction';
import type { IncidentReport, IncidentResolution, IncidentSubject, Reservation, SessionOutcome, UsedToken, VendIncident, VendSession, VendSessions } from '../../ports/vend-sessions';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Extra life of a used-token record past the token's expiry, then DynamoDB's TTL deletes it. */
const USED_TOKEN_RETENTION_SECONDS = 3600;
/**
 * Life of a reservation's record (and, for an offline token, of its used-token record) past its voidAt: an offline
 * station's completion delivered within it still finds which station redeemed the token first.
 */
const RESERVATION_RETENTION_SECONDS = 30 * 86_400;
const retainedUntil = (at: string, seconds: number) => Math.floor(Date.parse(at) / 1000) + seconds;

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
    return { TableName: this.tableName, Item: { ...keys.usedNfcToken(record.jti), ...record, ttl }, ConditionExpression: 'attribute_not_exists(PK)' };
  }

  reserving(reservation: Reservation, previousJti: string | null): TransactionPart {
    const live = keys.liveNfcToken(reservation.userId);
    return {
      writes: [
        {
          Put: {
            TableName: this.tableName,
            Item: { ...keys.nfcReservation(reservation.jti), ...keys.openNfcReservation(reservation.voidAt, reservation.jti), ...reservation, ttl: retainedUntil(reservation.voidAt, RESERVATION_RETENTION_SECONDS) },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: { ...live, jti: reservation.jti, ttl: retainedUntil(reservation.voidAt, 0) },
            ...(previousJti === null ? { ConditionExpression: 'attribute_not_exists(PK)' } : { ConditionExpression: 'jti = :previous', ExpressionAttributeValues: { ':previous': previousJti } }),
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
      Key: keys.nfcReservation(jti),
      UpdateExpression: 'SET #status = :to REMOVE GSI2PK, GSI2SK',
      ConditionExpression: '#status = :reserved',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':to': to, ':reserved': 'reserved' },
    };
  }

  async listReservationsDue(now: string, limit: number, cursor?: string) {
    const { Items = [], LastEvaluatedKey } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      IndexName: 'GSI2',
      // voidAt#jti: every key of a voidAt before now sorts below `now` followed by a higher character than '#'.
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :now',
      ExpressionAttributeValues: { ':pk': keys.openNfcReservationsPartition, ':now': `${now}$` },
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
      Item: { ...keys.vendSession(session.id), ...(session.status === 'open' ? keys.openVendSession(session.expiresAt) : {}), ...session },
      ConditionExpression: 'attribute_not_exists(PK)',
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
    const update = this.closeUpdate(id, outcome);
    if (outcome.incident !== undefined) return { writes: [{ Update: update }] };
    // Closed as read without an incident: not if a malformed copy of the report recorded one since (it must be resolved too).
    return { writes: [{ Update: { ...update, ConditionExpression: `${update.ConditionExpression} AND (attribute_not_exists(incident) OR incident = :noIncident)`, ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':noIncident': false } } }] };
  }

  /** Writes the outcome and takes the session out of the sweep's index, only while it is open. */
  private closeUpdate(id: string, outcome: SessionOutcome) {
    const fields = Object.entries(outcome).filter(([, v]) => v !== undefined);
    return {
      TableName: this.tableName,
      Key: keys.vendSession(id),
      UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')} REMOVE GSI2PK, GSI2SK`,
      ConditionExpression: '#status = :open',
      ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k])) },
      ExpressionAttributeValues: { ':open': 'open', ...Object.fromEntries(fields.map(([, v], i) => [`:v${i}`, v])) },
    };
  }

  settlingLate(id: string, outcome: { closedAt: string; dispensedMl: number; charged: number }): TransactionPart {
    return {
      writes: [{
        Update: {
          TableName: this.tableName,
          Key: keys.vendSession(id),
          UpdateExpression: 'SET settledLateAfter = #status, #status = :completed, settledLate = :true, dispensedMl = :ml, charged = :charged, settledAt = :at REMOVE GSI2PK, GSI2SK',
          ConditionExpression: '#status IN (:expired, :failed)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':completed': 'completed', ':true': true, ':ml': outcome.dispensedMl, ':charged': outcome.charged, ':at': outcome.closedAt, ':expired': 'expired', ':failed': 'failed',
          },
        },
      }],
    };
  }

  async listExpired(now: string, limit: number, cursor?: string) {
    const { Items = [], LastEvaluatedKey } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK <= :now',
      ExpressionAttributeValues: { ':pk': keys.openVendsPartition, ':now': now },
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }));
    // GSI reads are eventually consistent: a session closed a moment ago may still be listed; closing is conditional.
    return { items: Items.map((item) => withoutKeys<VendSession>(item)).filter((s) => s.status === 'open'), nextCursor: encodeCursor(LastEvaluatedKey) };
  }

  async awaitStation(id: string, closedAt: string): Promise<boolean> {
    const listed = keys.awaitingVendSession(closedAt);
    return this.conditionalUpdate(this.fullRefundMove(id, 'waiting', '#status = :expired AND attribute_not_exists(fullRefund)', {
      ':expired': 'expired', ':pk': listed.GSI2PK, ':sk': listed.GSI2SK,
    }, ', GSI2PK = :pk, GSI2SK = :sk'));
  }

  async listAwaitingStation(limit: number, cursor?: string) {
    const { Items = [], LastEvaluatedKey } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.awaitingVendsPartition },
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }));
    // Eventually consistent, like listExpired: marking a session due is conditional.
    return { items: Items.map((item) => withoutKeys<VendSession>(item)).filter((s) => s.status === 'expired' && s.fullRefund === 'waiting'), nextCursor: encodeCursor(LastEvaluatedKey) };
  }

  async markRefundDue(id: string): Promise<boolean> {
    return this.conditionalUpdate(this.fullRefundMove(id, 'due', '#status = :expired AND fullRefund = :waiting', { ':expired': 'expired', ':waiting': 'waiting' }, ' REMOVE GSI2PK, GSI2SK'));
  }

  refundingInFull(id: string): TransactionPart {
    const condition = '#status = :failed OR (#status = :expired AND fullRefund = :due)';
    return { writes: [{ Update: this.fullRefundMove(id, 'made', condition, { ':failed': 'failed', ':expired': 'expired', ':due': 'due' }) }] };
  }

  /** The update that moves a session's `fullRefund` on to `to`, only while `condition` holds; `index` adds to it (the sweep's list). */
  private fullRefundMove(id: string, to: NonNullable<VendSession['fullRefund']>, condition: string, values: Record<string, string>, index = '') {
    return {
      TableName: this.tableName,
      Key: keys.vendSession(id),
      UpdateExpression: `SET fullRefund = :to${index}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':to': to, ...values },
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
    return {
      TableName: this.tableName,
      Key: keys.vendIncident(session.id),
      UpdateExpression: [
        'SET sessionId = :sid, stationId = :station, userId = :user, machineName = :name, maxMl = :max, #status = :open, holdKept = :held,',
        'firstReport = if_not_exists(firstReport, :report), lastReport = :report, createdAt = if_not_exists(createdAt, :at), updatedAt = :at,',
        'GSI1PK = :pk, GSI1SK = if_not_exists(GSI1SK, :sk) ADD reports :one',
      ].join(' '),
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sid': session.id, ':station': session.stationId, ':user': session.userId, ':name': session.machineName, ':max': session.maxMl, ':open': 'open',
        ':held': held, ':report': report, ':at': report.at, ':one': 1, ...prefixed(keys.openVendIncident(report.at, session.id)),
      },
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
    const sessionItem = { TableName: this.tableName, Key: keys.vendSession(session.id), ExpressionAttributeNames: { '#status': 'status' } };
    // Out of the sweep's index: the hold stays until the incident is resolved.
    const holding = { Update: { ...sessionItem, UpdateExpression: 'SET incident = :true REMOVE GSI2PK, GSI2SK', ConditionExpression: '#status = :open', ExpressionAttributeValues: { ':true': true, ':open': 'open' } } };
    if (options.holdSession && (await withSession(true, holding))) return 'held';
    // Closed meanwhile: released (the sweep, a failure), the incident is recorded without a hold; settled by a valid
    // completion that won the race, the report is one for a settled session, which is ignored.
    const notSettled = { ConditionCheck: { ...sessionItem, ConditionExpression: '#status <> :completed', ExpressionAttributeValues: { ':completed': 'completed' } } };
    return (await withSession(false, notSettled)) ? 'recorded' : 'settled';
  }

  async incident(sessionId: string): Promise<VendIncident | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.vendIncident(sessionId), ConsistentRead: true }));
    return Item ? withoutKeys<VendIncident>(Item) : null;
  }

  resolvingIncident(sessionId: string, resolution: IncidentResolution) {
    return {
      writes: [{
        Update: {
          TableName: this.tableName,
          Key: keys.vendIncident(sessionId),
          UpdateExpression: 'SET #status = :resolved, resolution = :resolution, updatedAt = :at REMOVE GSI1PK, GSI1SK',
          ConditionExpression: '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':resolved': 'resolved', ':resolution': JSON.parse(JSON.stringify(resolution)) as unknown, ':at': resolution.at, ':open': 'open' },
        },
      }],
    };
  }

  async markStarted(id: string, at: string): Promise<boolean> {
    return this.conditionalUpdate({
      TableName: this.tableName,
      Key: keys.vendSession(id),
      UpdateExpression: 'SET startedAt = :at',
      ConditionExpression: '#status = :open AND attribute_not_exists(startedAt)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':at': at, ':open': 'open' },
    });
  }

  async resolveIncident(sessionId: string, resolution: IncidentResolution): Promise<boolean> {
    return this.conditionalUpdate(this.resolvingIncident(sessionId, resolution).writes[0]!.Update as never);
  }

  async openIncidents(page: { limit: number; cursor?: string }) {
    const { Items = [], LastEvaluatedKey } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.openVendIncidentsPartition },
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor),
    }));
    return { items: Items.map((item) => withoutKeys<VendIncident>(item)), nextCursor: encodeCursor(LastEvaluatedKey) };
  }
}

/** GSI key attributes as expression values (:pk, :sk). */
const prefixed = (gsi: { GSI1PK: string; GSI1SK: string }) => ({ ':pk': gsi.GSI1PK, ':sk': gsi.GSI1SK });
