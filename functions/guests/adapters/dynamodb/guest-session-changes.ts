import type { DynamoDBRecord } from 'aws-lambda';
import { orderIdPrefix } from '@functions/wallet/domain/payment-orders';
import { paidSessionId } from '@functions/vending/domain/vend-paid';
import { refundInFlightAccount } from '@functions/wallet/ports/payment-orders';
import { keys } from '@functions/platform/adapters/dynamodb/keys';

/** The partition key of every guest order's vend session: the paid-vend session of a guest order id (docs/payments.md). */
const GUEST_SESSION_PK_PREFIX = keys.vendSession(paidSessionId(orderIdPrefix('guest'))).PK;
const VEND_SESSION_SK = keys.vendSession('').SK;
/** A session's statuses once closed: what the station reported, or the sweep's expiry. */
const CLOSED_STATUSES = ['completed', 'failed', 'expired'] as const;

/** The partition key of every refund-in-flight account (docs/architecture.md, "The book"), and an account's sort key. */
const REFUND_IN_FLIGHT_PK_PREFIX = keys.user(refundInFlightAccount('')).PK;
const ACCOUNT_SK = keys.user('').SK;

/** Lambda's event source mapping of the guest settlement, read by the stations construct and the local poller. */
export const GUEST_SESSION_STREAM_MAPPING = {
  /** A guest waits at the station for the receipt: no batching window, a few sessions per invocation. */
  batchSize: 10,
  maxBatchingWindowSeconds: 0,
  /**
   * A refund the gateway could not take is tried again (each try asks the gateway under the same refund key); then
   * the record goes to the asynchronous failures queue (the dead-letter alert), and the guest's page settles it on
   * its next read.
   */
  retryAttempts: 5,
} as const;

/** Writes that close a guest order's session. */
const GUEST_SESSION_STREAM_FILTER = {
  dynamodb: { Keys: { PK: { S: [{ prefix: GUEST_SESSION_PK_PREFIX }] }, SK: { S: [VEND_SESSION_SK] } }, NewImage: { status: { S: [...CLOSED_STATUSES] } } },
} as const;

/**
 * Writes that leave money in a refund's in-flight account: a guest refund set aside that the gateway has not made yet
 * (it was unreachable, or its answer was lost). Whoever set it aside asks the gateway at once; this is the retry that
 * does not depend on anyone reading the order again.
 */
const REFUND_IN_FLIGHT_STREAM_FILTER = {
  dynamodb: { Keys: { PK: { S: [{ prefix: REFUND_IN_FLIGHT_PK_PREFIX }] }, SK: { S: [ACCOUNT_SK] } }, NewImage: { balance: { N: [{ numeric: ['>', 0] }] } } },
} as const;

/** What the guest settlement is handed (CDK gives Lambda these as its event filters, any one matching). */
export const GUEST_SETTLEMENT_STREAM_FILTERS = [GUEST_SESSION_STREAM_FILTER, REFUND_IN_FLIGHT_STREAM_FILTER] as const;

export function isClosedGuestSession(record: Pick<DynamoDBRecord, 'dynamodb'>): boolean {
  const { Keys, NewImage } = record.dynamodb ?? {};
  return Boolean(Keys?.PK?.S?.startsWith(GUEST_SESSION_PK_PREFIX) && Keys.SK?.S === VEND_SESSION_SK && (CLOSED_STATUSES as readonly string[]).includes(NewImage?.status?.S ?? ''));
}

/** The session id of a stream record of a vend session. */
export const sessionIdOfRecord = (record: Pick<DynamoDBRecord, 'dynamodb'>) => (record.dynamodb?.Keys?.PK?.S ?? '').slice(keys.vendSession('').PK.length);

export function isRefundInFlight(record: Pick<DynamoDBRecord, 'dynamodb'>): boolean {
  const { Keys, NewImage } = record.dynamodb ?? {};
  return Boolean(Keys?.PK?.S?.startsWith(REFUND_IN_FLIGHT_PK_PREFIX) && Keys.SK?.S === ACCOUNT_SK && Number(NewImage?.balance?.N ?? 0) > 0);
}

/** The refund key of a stream record of a refund-in-flight account. */
export const refundKeyOfRecord = (record: Pick<DynamoDBRecord, 'dynamodb'>) => (record.dynamodb?.Keys?.PK?.S ?? '').slice(REFUND_IN_FLIGHT_PK_PREFIX.length);

/** Whether the guest settlement takes a stream record (the local poller's filter; Lambda's is GUEST_SETTLEMENT_STREAM_FILTERS). */
export const isGuestSettlementRecord = (record: Pick<DynamoDBRecord, 'dynamodb'>) => isClosedGuestSession(record) || isRefundInFlight(record);
