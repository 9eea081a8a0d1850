import { Page, PageQuery } from '../schemas/transaction';
import { Claim, ClaimCounts, ClaimDetail, ClaimInput, ClaimResolutionInput, ClaimsQuery } from '../schemas/claim';
import { IncidentResolutionInput, VendIncident } from '../schemas/incident';
import { NfcTokenParams, NfcTokenProgress, NfcTokenResponse } from '../schemas/nfc';
import { lazySchema } from '../lazy-schema';
import { route, Id } from './route';

export const createClaim = route({
  method: 'POST', path: '/api/vends/{id}/claim', auth: 'user', tag: 'account', money: true,
  summary: "\"I didn't get my water\": claim one of the caller's vends within 24 h (one claim per vend; 409 when it charged nothing); credited at once when the station's record supports it, else queued for an admin",
  params: Id, body: ClaimInput, status: 201, response: Claim, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], mail: true },
});
export const generateNfcToken = route({
  method: 'POST', path: '/api/nfc/generate-token', auth: 'user', tag: 'wallet', money: true, summary: 'One-time signed token to pay at a station, with its id (tokenId) to follow what becomes of it; it reserves its offline allowance from the wallet',
  response: NfcTokenResponse, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], signingKey: true },
});
export const getNfcToken = route({
  method: 'GET', path: '/api/nfc/tokens/{id}', auth: 'user', tag: 'wallet',
  summary: "What became of one of the caller's NFC tokens (its tokenId): waiting, dispensing, charged or not used; another person's is 404",
  params: NfcTokenParams, response: NfcTokenProgress, access: { table: 'read' },
});
export const adminListIncidents = route({
  method: 'GET', path: '/api/admin/incidents', auth: ['admin'], tag: 'money', money: true, summary: 'Open vend incidents (completions that could not be settled as reported), oldest first',
  query: PageQuery, response: /* @__PURE__ */ lazySchema(() => Page(VendIncident)), access: { table: ['Query:GSI1'] },
});
export const adminResolveIncident = route({
  method: 'POST', path: '/api/admin/incidents/{id}/resolve', auth: ['admin'], secondFactor: true, tag: 'money', money: true, summary: 'Settle a vend incident with the volume dispensed (0 releases the hold)',
  params: Id, body: IncidentResolutionInput, response: VendIncident, access: { table: ['GetItem', 'PutItem', 'UpdateItem'] },
});
export const adminListClaims = route({
  method: 'GET', path: '/api/admin/claims', auth: ['admin'], tag: 'money', money: true, summary: 'Claims on vends of one status: pending (the queue, oldest first) by default, credited or declined (newest first)',
  query: ClaimsQuery, response: /* @__PURE__ */ lazySchema(() => Page(Claim)), access: { table: ['Query:GSI1'] },
});
export const adminClaimCounts = route({
  method: 'GET', path: '/api/admin/claims/counts', auth: ['admin'], tag: 'money', summary: 'How many claims wait for a decision (the badge on the queue, counted exactly)',
  response: ClaimCounts, access: { table: ['Query:GSI1'] },
});
export const adminGetClaim = route({
  method: 'GET', path: '/api/admin/claims/{id}', auth: ['admin'], tag: 'money', money: true, summary: "A claim with the station's readings and connection events from 30 minutes before its vend to 30 minutes after",
  params: Id, response: ClaimDetail, access: { table: ['GetItem', 'Query'] },
});
export const adminResolveClaim = route({
  method: 'POST', path: '/api/admin/claims/{id}/resolve', auth: ['admin'], secondFactor: true, tag: 'money', money: true, summary: 'Credit a pending claim (up to what the vend charged, through the ledger) or decline it, with a reason the person is e-mailed',
  params: Id, body: ClaimResolutionInput, response: Claim, access: { table: ['GetItem', 'PutItem', 'UpdateItem'], paymentSecret: true, mail: true },
});
