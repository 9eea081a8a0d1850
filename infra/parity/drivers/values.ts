/**
 * What one driver's answer hands later drivers (the scenario's `s.values`, read with `s.kept(name)`): each value says
 * which driver keeps it and which drivers read it, so the run order in infra/parity/drivers.ts must keep the one before
 * the others. What drivers leave in the local cloud for later ones (the station, the user's balance, the gateway key)
 * is listed there too.
 */

/** The guest orders of the scenario, each made by its own browser (an Idempotency-Key of its own), and why. */
export const GUEST_ORDERS = {
  waiting: 'nobody pays it',
  incident: 'its station reports more than was paid',
  completed: 'its station dispenses half',
  polled: "its notification is overdue: the page's poll finds it paid",
  polledLate: 'the poll finds it paid after its 10 minutes',
  recovered: 'its notification stops before the session',
  recoveredLate: 'paid after its 10 minutes, its notification stops before deciding',
  refused: 'paid after its 10 minutes, its refund refused by the gateway, paid out by an admin',
  kept: 'paid after its 10 minutes, its refund refused by the gateway, kept by an account',
} as const;
export type GuestOrderName = keyof typeof GUEST_ORDERS;

/** The user's NFC tokens by number: 1 is issued by Api/generateNfcToken, 2 and 3 by Stations/vendRequest (Scenario.issueNfcToken), each once the last was presented. */
export type TokenNumber = 1 | 2 | 3;

/**
 * `token<n>` (what the user's phone presents): read by Stations/vendRequest. `tokenId<n>` (the token's id in the app):
 * read by Api/generateNfcToken (the same token signed again) and Api/getNfcToken (tokens 1 and 2).
 */
type NfcTokens = Record<`token${TokenNumber}` | `tokenId${TokenNumber}`, string>;

/**
 * `session<n>`: the vend session Stations/vendRequest authorized with token n. Session 1 is settled
 * (Stations/vendComplete) and claimed (Api/createClaim, Api/adminListClaims, Api/adminGetClaim, Api/adminResolveClaim);
 * session 2 is started and fails (Stations/vendStarted, Stations/vendFailed); session 3 completes above what was
 * authorized, an incident (Stations/vendComplete, Api/adminListIncidents, Api/adminResolveIncident) the user then
 * claims (Api/createClaim).
 */
type VendSessions = Record<`session${TokenNumber}`, string>;

export interface ScenarioValues extends NfcTokens, VendSessions {
  /**
   * The Idempotency-Key of each guest order, made the first time a driver names the order (Api/createGuestOrder); its
   * order id, receipt secret and vend session follow from it (guests.ts, `guest`). Read by the guests', the wallet's
   * (Api/paymentNotification) and vending's drivers (the station's reports on the guests' refills, their claims).
   */
  guestOrderKeys: Partial<Record<GuestOrderName, string>>;

  // accounts
  /** The user's balance as Api/adminGetUser answered it; Api/adminUpdateUser adjusts against it. */
  balanceSeen: number;

  // partners
  /** The host application Api/createHostRequest stored; read by Api/adminListHostRequests, Api/adminUpdateHostRequest. */
  hostRequestId: string;
  /** The partner sign-up Api/partnerSignup stored; Api/adminDeleteHostRequest deletes it. */
  partnerRequestId: string;

  // fieldwork
  /** The report Api/createProblemReport stored; read by Api/adminListProblemReports, Api/adminGetProblemReportPhoto, Api/adminResolveProblemReport. */
  problemReportId: string;
  /** The ticket the report opened, as Api/adminListTickets found it; read by Api/adminGetTicket, Api/adminCommentTicket, Api/adminAssignTicket, Api/adminCloseTicket. */
  ticketId: string;

  // wallet
  /** The QRIS top-up Api/topup charged; Api/paymentNotification credits it. */
  paidTopup: string;
  /** The GoPay top-up Api/topup charged; Api/getTopup's poll credits it. */
  polledTopup: string;
  /** The card top-up Api/topup started on the hosted page; Api/paymentNotification credits it. */
  cardTopup: string;
  /** The balance Api/getWithdrawalPlan showed; Api/createWithdrawal withdraws it. */
  withdrawable: number;
  /** The payout request Api/createWithdrawal opened; read by Api/adminListPayouts, Api/adminResolvePayout. */
  payoutId: string;

  // fleet
  /** The lab test PDF Api/adminCreateLabReportUpload uploaded; Api/adminRecordSafety keeps it. */
  labReportKey: string;
  /** The lab test Api/adminRecordSafety recorded; Api/adminGetLabReport links its PDF. */
  labRecordId: string;
  /** The firmware rollout Api/adminCreateCommand sent; read by Api/adminGetCommand, Stations/commandResult. */
  commandId: string;
  /** The restart Api/adminCreateCommand sent; read by Api/adminListCommands, Api/adminAbortCommand. */
  abortCommandId: string;

  // system
  /** The settings as Api/adminGetSettings answered them; Api/adminPutSettings saves them changed. */
  settings: Record<string, unknown>;
}
