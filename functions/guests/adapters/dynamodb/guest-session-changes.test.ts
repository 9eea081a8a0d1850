import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { filterMatches } from '@infra/parity/triggers';
import { refundInFlightAccount } from '@functions/wallet/ports/payment-orders';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { GUEST_SETTLEMENT_STREAM_FILTERS, isClosedGuestSession, isGuestSettlementRecord, isRefundInFlight, refundKeyOfRecord, sessionIdOfRecord } from './guest-session-changes';

/** A stream record of a write of a vend session (NEW_AND_OLD_IMAGES), as the table's stream gives it. */
const sessionWrite = (sessionId: string, status: string | null, eventName = 'MODIFY') => ({
  eventName,
  dynamodb: {
    Keys: marshall(keys.vendSession(sessionId)),
    ...(status ? { NewImage: marshall({ ...keys.vendSession(sessionId), id: sessionId, status }) } : {}),
    OldImage: marshall({ ...keys.vendSession(sessionId), id: sessionId, status: 'open' }),
  },
}) as Parameters<typeof isClosedGuestSession>[0];

/** A stream record of a write of an account item (a ledger transaction's balance). */
const accountWrite = (account: string, balance: number) => ({
  eventName: 'MODIFY',
  dynamodb: { Keys: marshall(keys.user(account)), NewImage: marshall({ ...keys.user(account), balance, bookAccount: true }) },
}) as Parameters<typeof isClosedGuestSession>[0];
/** Lambda's filters (given to CDK): any one of them passes the record. */
const lambdaPasses = (record: unknown) => GUEST_SETTLEMENT_STREAM_FILTERS.some((filter) => filterMatches(filter, record));

describe("the guest settlement's view of the table's stream", () => {
  const cases: [string, ReturnType<typeof sessionWrite>, boolean][] = [
    ['a guest session completed', sessionWrite('PAID-GO-abc', 'completed'), true],
    ['a guest session failed', sessionWrite('PAID-GO-abc', 'failed'), true],
    ['a guest session expired by the sweep', sessionWrite('PAID-GO-abc', 'expired'), true],
    ['a guest session opened', sessionWrite('PAID-GO-abc', 'open', 'INSERT'), false],
    ['a guest session removed (no new image)', sessionWrite('PAID-GO-abc', null, 'REMOVE'), false],
    ["a wallet purchase's paid session completed", sessionWrite('PAID-PU-abc', 'completed'), false],
    ['an NFC session completed', sessionWrite('0f8fad5b-d9cb-469f-a165-70867728950e', 'completed'), false],
    ['the guest order item itself', { eventName: 'MODIFY', dynamodb: { Keys: marshall(keys.guestOrder('GO-abc')), NewImage: marshall({ ...keys.guestOrder('GO-abc'), status: 'completed' }) } } as ReturnType<typeof sessionWrite>, false],
  ];

  it.each(cases)('%s', (_name, record, settles) => {
    expect(isClosedGuestSession(record)).toBe(settles);
    // Lambda's filters (given to CDK) and the local poller's test agree on every case.
    expect(isGuestSettlementRecord(record)).toBe(settles);
    expect(lambdaPasses(record)).toBe(settles);
  });

  const refunds: [string, ReturnType<typeof accountWrite>, boolean][] = [
    ['money set aside for a guest refund', accountWrite(refundInFlightAccount('GO-abc-unused'), 266), true],
    ['the refund taken out of it (the gateway made it)', accountWrite(refundInFlightAccount('GO-abc-unused'), 0), false],
    ["a person's wallet", accountWrite('7c1e0a52-user', 5_000), false],
    ["a withdrawal's account", accountWrite('WD-0123456789abcdef01234567', 5_000), false],
  ];
  it.each(refunds)('%s', (_name, record, movesOn) => {
    expect(isRefundInFlight(record)).toBe(movesOn);
    expect(isGuestSettlementRecord(record)).toBe(movesOn);
    expect(lambdaPasses(record)).toBe(movesOn);
  });

  it("reads the refund key from an in-flight account's record", () => {
    expect(refundKeyOfRecord(accountWrite(refundInFlightAccount('GO-abc-claim'), 300))).toBe('GO-abc-claim');
  });

  it("reads the session id from the record's key", () => {
    expect(sessionIdOfRecord(sessionWrite('PAID-GO-abc', 'completed'))).toBe('PAID-GO-abc');
  });
});
