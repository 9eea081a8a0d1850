import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors';
import { KEY, payer, setup } from './payment-orders.test-fakes';
import { orderIdFor, requireIdempotencyKey, returnPathOf } from './payment-orders';
import type { GuestOrder, PaymentOrder } from '../ports/payment-orders';
import { startTopup } from './topup';

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

describe("the gateway's return", () => {
  const base = { orderId: 'GO-0123456789abcdef0123456789abcdef', userId: 'GUEST-GO-0123', amount: 1500, paymentMethod: 'gopay' } as const;

  it("brings a guest back to the station's page, marked as a return, with nothing of the receipt's secret", () => {
    const guest = { ...base, kind: 'guest', machineId: 'UBD 01/A', secretHash: 'a1b2c3', email: null } as unknown as GuestOrder;
    expect(returnPathOf(guest)).toBe('/s/UBD%2001%2FA?returned=1');
    expect(returnPathOf(guest)).not.toContain(guest.orderId);
  });

  it("brings a top-up back to the app's home with the top-up to follow; a card-wallet purchase asks for no return", () => {
    expect(returnPathOf({ ...base, orderId: 'TU-42', kind: 'topup' } as PaymentOrder)).toBe('/app?topup=TU-42');
    expect(returnPathOf({ ...base, orderId: 'PU-42', kind: 'purchase' } as PaymentOrder)).toBeNull();
  });

  it("sends the gateway the page on the deployment's site, and no return when the site is not known", async () => {
    const { deps, requests } = setup();
    await startTopup({ payer, amount: 50_000, paymentMethod: 'gopay', idempotencyKey: KEY }, { ...deps, siteLink: (path) => new URL(path, 'https://refill.example').toString() });
    expect(requests[0]!.returnUrl).toBe(`https://refill.example/app?topup=${orderIdFor('topup', payer.sub, KEY)}`);
    await startTopup({ payer, amount: 50_000, paymentMethod: 'gopay', idempotencyKey: `${KEY}-2` }, deps);
    expect(requests[1]).not.toHaveProperty('returnUrl');
  });
});
