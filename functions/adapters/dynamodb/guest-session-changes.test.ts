import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { filterMatches } from '@infra/parity/triggers';
import { keys } from './keys';
import { GUEST_SESSION_STREAM_FILTER, isClosedGuestSession, sessionIdOfRecord } from './guest-session-changes';

/** A stream record of a write of a vend session (NEW_AND_OLD_IMAGES), as the table's stream gives it. */
const sessionWrite = (sessionId: string, status: string | null, eventName = 'MODIFY') => ({
  eventName,
  dynamodb: {
    Keys: marshall(keys.vendSession(sessionId)),
    ...(status ? { NewImage: marshall({ ...keys.vendSession(sessionId), id: sessionId, status }) } : {}),
    OldImage: marshall({ ...keys.vendSession(sessionId), id: sessionId, status: 'open' }),
  },
}) as Parameters<typeof isClosedGuestSession>[0];

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
    // Lambda's filter (given to CDK) and the local poller's test agree on every case.
    expect(filterMatches(GUEST_SESSION_STREAM_FILTER, record)).toBe(settles);
  });

  it("reads the session id from the record's key", () => {
    expect(sessionIdOfRecord(sessionWrite('PAID-GO-abc', 'completed'))).toBe('PAID-GO-abc');
  });
});
