import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { isClosedGuestSession, isGuestSettlementRecord, refundKeyOfRecord, sessionIdOfRecord } from '../guests/adapters/dynamodb/guest-session-changes';
import { moveGuestRefundOn, settleGuestSession, type GuestSessionSettlement } from '../guests/domain/guest-orders';
import { log, observedHandler } from '../platform/observability';
import { guestSettlementDeps } from '../guests/providers/guest-deps';

/**
 * Settles each record of a batch in order: a closed guest session (its order refunded and receipted), or a refund
 * whose money waits in its in-flight account (asked of the gateway again). One that cannot be settled yet (the
 * gateway unreachable) stops the batch there: Lambda tries again from that record (partial batch response), the ones
 * after it included. An expired session waiting for its station is no failure: the sweep's mark that its refund is
 * due comes as a record of its own.
 */
export async function settleGuestRecords(records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse & { outcomes: Partial<Record<GuestSessionSettlement | 'error', number>> }> {
  const outcomes: Partial<Record<GuestSessionSettlement | 'error', number>> = {};
  const deps = guestSettlementDeps();
  for (const record of records.filter(isGuestSettlementRecord)) {
    const sessionId = isClosedGuestSession(record) ? sessionIdOfRecord(record) : null;
    const refundKey = sessionId === null ? refundKeyOfRecord(record) : null;
    let outcome: GuestSessionSettlement | 'error';
    try {
      outcome = sessionId !== null ? await settleGuestSession(sessionId, deps) : await moveGuestRefundOn(refundKey!, deps);
    } catch (error) {
      log.warn('guest settlement: not settled, tried again', { sessionId, refundKey, error: (error as Error).message });
      outcome = 'error';
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    if (outcome === 'unsettled' || outcome === 'error') return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }], outcomes };
  }
  return { batchItemFailures: [], outcomes };
}

/**
 * The table's stream, filtered to guest orders' sessions as they close (a station's vend/complete or vend/failed, or
 * the sweep's expiry) and to guest refunds left in flight: the rest of the payment is refunded through the gateway and
 * the receipt e-mailed (docs/payments.md, "Guest orders"). Apart from the station's report, so the station-facing
 * functions hold no payment keys and a slow gateway never delays a station's answer.
 */
export const handler = observedHandler(
  'guestSessionClosed',
  (event) => settleGuestRecords((event as { Records?: DynamoDBRecord[] }).Records ?? []),
  (result) => (result.batchItemFailures.length ? 'retried' : 'settled'),
);
