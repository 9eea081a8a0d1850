import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors';
import { KEY } from './payment-orders.test-fakes';
import { orderIdFor, requireIdempotencyKey } from './payment-orders';

/** Order ids derived from the Idempotency-Key. */

describe('order ids and Idempotency-Keys', () => {
  it('requires a usable Idempotency-Key', () => {
    expect(() => requireIdempotencyKey(undefined)).toThrow(/Idempotency-Key header is required/);
    expect(() => requireIdempotencyKey('short')).toThrow(DomainError);
    expect(() => requireIdempotencyKey('has spaces in it')).toThrow(DomainError);
    expect(requireIdempotencyKey(KEY)).toBe(KEY);
  });

  it('derives a stable, gateway-safe order id per user and key', () => {
    const id = orderIdFor('topup', 'user-1', KEY);
    expect(id).toMatch(/^TU-[0-9a-f]{32}$/);
    expect(orderIdFor('topup', 'user-1', KEY)).toBe(id);
    expect(orderIdFor('topup', 'user-2', KEY)).not.toBe(id);
    expect(orderIdFor('purchase', 'user-1', KEY)).toMatch(/^PU-/);
  });
});
