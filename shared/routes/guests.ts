import * as z from '../zod';
import {
  GuestClaimInput,
  GuestOrder,
  GuestOrderClaimed,
  GuestOrderClaimRequest,
  GuestOrderCreated,
  GuestRefundPayout,
  HeldGuestRefund,
  GuestOrderQuery,
  GuestOrderRequest,
} from '../schemas/guest';
import { lazySchema } from '../lazy-schema';
import { route, Id } from './route';

export const createGuestOrder = route({
  method: 'POST', path: '/api/guest/orders', auth: 'public', tag: 'guest', money: true,
  summary: 'Pay one refill at a station without an account (Idempotency-Key header; rate limited per client and per station); answers the payment (QRIS string, deeplink) and the receipt link',
  body: GuestOrderRequest, status: 201, response: GuestOrderCreated, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, signingKey: true, iotPublish: true, mail: true },
});
export const getGuestOrder = route({
  method: 'GET', path: '/api/guest/orders/{id}', auth: 'public', tag: 'guest', money: true,
  summary: "A guest order's progress and receipt, read with the receipt's secret (404 without it)",
  params: Id, query: GuestOrderQuery, response: GuestOrder, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, signingKey: true, iotPublish: true, mail: true },
});
export const claimGuestOrder = route({
  method: 'POST', path: '/api/guest/orders/{id}/claim', auth: 'user', tag: 'guest', money: true,
  summary: "Sign in from a guest receipt and keep it (the receipt's secret proves it; once per receipt): its litres count in the account's impact, and what the gateway would not refund becomes wallet credit",
  params: Id, body: GuestOrderClaimRequest, response: GuestOrderClaimed, access: { table: ['GetItem', 'PutItem', 'UpdateItem'] },
});
export const createGuestClaim = route({
  method: 'POST', path: '/api/guest/orders/{id}/claims', auth: 'public', tag: 'guest', money: true,
  summary: "\"I didn't get my water\" from a guest receipt, within 24 h, with the receipt's secret: credited at once (refunded through the gateway) when the station's record supports it, else queued for an admin",
  params: Id, body: GuestClaimInput, status: 201, response: GuestOrder, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, mail: true },
});
export const adminListHeldGuestRefunds = route({
  method: 'GET', path: '/api/admin/guest-refunds', auth: ['admin'], tag: 'money', money: true, summary: 'Guest orders whose refund the gateway refused and whose money nobody claimed yet, oldest first',
  response: /* @__PURE__ */ lazySchema(() => z.array(HeldGuestRefund)), access: { table: ['GetItem', 'Query:GSI1'] },
});
export const adminPayOutGuestRefund = route({
  method: 'POST', path: '/api/admin/guest-refunds/{id}/pay-out', auth: ['admin'], secondFactor: true, tag: 'money', money: true, summary: "Record that a held guest refund was paid outside the gateway (the guest account's ledger debit, with the note; once)",
  params: Id, body: GuestRefundPayout, response: HeldGuestRefund, access: { table: ['GetItem', 'PutItem', 'UpdateItem'] },
});
