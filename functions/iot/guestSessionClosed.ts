import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { isClosedGuestSession, sessionIdOfRecord } from '../adapters/dynamodb/guest-session-changes';
import { settleGuestSession, type GuestSessionSettlement } from '../domain/guest-orders';
import { log, observedHandler } from '../observability';
import { guestSettlementDeps } from '../providers/payment-deps';

/**
 * Settles each closed guest session of a batch in order. One that cannot be settled yet (the gateway unreachable)
 * stops the batch there: Lambda tries again from that record (partial batch response), the ones after it included.
 * An expired one waiting for its station is no failure: the sweep's mark that its refund is due comes as a record of its own.
 */
export async function settleClosedGuestSessions(records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse & { outcomes: Partial<Record<GuestSessionSettlement | 'error', number>> }> {
  const outcomes: Partial<Record<GuestSessionSettlement | 'error', number>> = {};
  const deps = guestSettlementDeps();
  for (const record of records.filter(isClosedGuestSession)) {
    const sessionId = sessionIdOfRecord(record);
    let outcome: GuestSessionSettlement | 'error';
    try {
      outcome = await settleGuestSession(sessionId, deps);
    } catch (error) {
      log.warn('guest session: not settled, tried again', { sessionId, error: (error as Error).message });
      outcome = 'error';
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    if (outcome === 'unsettled' || outcome === 'error') return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }], outcomes };
  }
  return { batchItemFailures: [], outcomes };
}

/**
 * The table's stream, filtered to guest orders' sessions as they close (a station's vend/complete or vend/failed, or
 * the sweep's expiry): the rest of the payment is refunded through the gateway and the receipt e-mailed
 * (docs/payments.md, "Guest orders"). Apart from the station's report, so the station-facing functions hold no
 * payment keys and a slow gateway never delays a station's answer.
 */
export const handler = observedHandler(
  'guestSessionClosed',
  (event) => settleClosedGuestSessions((event as { Records?: DynamoDBRecord[] }).Records ?? []),
  (result) => (result.batchItemFailures.length ? 'retried' : 'settled'),
);
