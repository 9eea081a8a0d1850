import type { GuestDeps, GuestRefundDeps } from '../domain/guest-orders';
import type { GuestClaimDeps } from '../domain/guest-claims';
import { withPaymentPorts } from '../../wallet/providers/payment-ports';
import { claims } from '../../vending/providers/repositories/claims';
import { telemetry } from '../../fleet/providers/repositories/telemetry';
import { users } from '../../accounts/providers/repositories/users';
import { guestOrderParts } from './guest-order-deps';

/** What reading an order and an admin's decision on a guest's claim need: the order's ports and the claims on its refill. */
export const guestDeps = (): GuestDeps => withPaymentPorts({ ...guestOrderParts(), claims: claims() });

/** What a guest's claim from the receipt needs: the station's telemetry around the refill besides. */
export const guestClaimDeps = (): GuestClaimDeps => withPaymentPorts({ ...guestOrderParts(), claims: claims(), telemetry: telemetry() });

/**
 * What the guest settlement needs (guestSessionClosed): the refund and the receipt of a closed session, a refund left in
 * flight (a claim's credit among them).
 */
export const guestSettlementDeps = (): GuestRefundDeps => withPaymentPorts({ claims: claims(), users: users() });
