import type { Driver } from './drive';
import { accounts } from './drivers/accounts';
import { deploy } from './drivers/deploy';
import { fieldwork } from './drivers/fieldwork';
import { fleet } from './drivers/fleet';
import { guests } from './drivers/guests';
import { identity } from './drivers/identity';
import { partners } from './drivers/partners';
import { stations } from './drivers/stations';
import { system } from './drivers/system';
import { vending } from './drivers/vending';
import { wallet } from './drivers/wallet';

/**
 * How the parity suite drives every function of the template: one entry per function, keyed by its construct path
 * without the stack (`Api/<route id>`, `Stations/<function>`, `Setup`, aws-cdk-lib's providers), written in the file
 * of its part of the business (infra/parity/drivers/<context>.ts, the contexts of functions/) and run in the order
 * below, as one scenario: later entries use what earlier ones created. What an answer hands a later driver is kept in
 * the scenario's values (infra/parity/drivers/values.ts); what a driver leaves in the local cloud for later ones is
 * said where the order needs it.
 *
 * HTTP drivers give each route's success path and its main failure, and the suite adds the first request once more
 * without CloudFront's origin header (which every function must refuse with 403). Topic drivers give the station's
 * message; the suite turns it into the event the template's topic rule SQL produces. With the default context,
 * payments are live without a gateway key: the first top-up must answer 503 "Payments are not configured"; then the
 * scenario puts a server key into the payment secret, as the operator does, and every payment path runs against a
 * stand-in of Midtrans (midtrans.ts): the payer scans (pay), Midtrans notifies (notify), time passes (an order's
 * createdAt moved back), DynamoDB fails a moment (notifyWhileDynamoFails).
 *
 * A function of the template without an entry here, or an entry without a function, fails the suite.
 */
export const DRIVERS: Record<string, Driver> = inOrder(
  // The deployment: the setup resource's signing key and IoT endpoint, the user pool's trigger.
  from(deploy, 'Setup'),
  from(identity, 'Identity/AccountMessage'),
  from(deploy, 'Custom::CrossRegionExportWriterCustomResourceProvider', 'Custom::CrossRegionExportReaderCustomResourceProvider'),
  from(system, 'Api/openApi'),
  // Api/getCurrentUser creates the user every later `as: 'user'` request is.
  from(accounts, 'Api/logout', 'Api/adminLogin', 'Api/getCurrentUser', 'Api/adminAuthCheck'),
  // Api/adminCreateMachine provisions the scenario's station (s.station), where every later station driver acts.
  from(fleet, 'Api/adminCreateMachine', 'Api/geocode', 'Api/adminUpdateMachine', 'Api/adminListMachines'),
  from(stations, 'Api/listMachines'),
  from(partners, 'Api/getSupportContact'),
  from(stations, 'Api/getMachine'),
  // The station's low-water reading and alert, and its connection, read by the console's fleet drivers further down.
  from(fleet, 'Stations/heartbeat', 'Stations/presence'),
  // What visitors post: a host application, a problem report (which opens the station's ticket), a partner sign-up.
  from(partners, 'Api/createHostRequest'),
  from(fieldwork, 'Api/createReportPhotoUpload', 'Api/createProblemReport'),
  from(partners, 'Api/partnerSignup', 'Api/adminListHostRequests', 'Api/adminUpdateHostRequest', 'Api/adminDeleteHostRequest'),
  // Api/adminUpdateUser credits the user 50,000: what the NFC tokens reserve against, and what is withdrawn at the end.
  from(accounts, 'Api/adminListUsers', 'Api/adminGetUser', 'Api/adminUpdateUser'),
  from(vending, 'Api/generateNfcToken', 'Stations/vendRequest'),
  // Payments: Api/topup puts the gateway key in after its 503. Api/paymentNotification and Api/getGuestOrder start
  // the refills of paid guest orders, whose sessions the station then reports on (vending).
  from(wallet, 'Api/topup', 'Api/purchase'),
  from(guests, 'Api/createGuestOrder'),
  from(wallet, 'Api/paymentNotification', 'Api/getTopup'),
  from(guests, 'Api/getGuestOrder'),
  // The station reports on the user's and the guests' sessions; an admin resolves the incidents. The guest sessions
  // closed here are what Stations/guestSessionClosed refunds and receipts.
  from(vending, 'Stations/vendComplete', 'Stations/vendStarted', 'Stations/vendFailed', 'Api/getNfcToken', 'Api/adminListIncidents', 'Api/adminResolveIncident'),
  from(guests, 'Stations/guestSessionClosed'),
  from(fieldwork,
    'Api/adminListProblemReports', 'Api/adminGetProblemReportPhoto', 'Api/adminListTickets', 'Api/adminTicketCounts', 'Api/adminGetTicket',
    'Api/adminCommentTicket', 'Api/adminListStaff', 'Api/adminAssignTicket', 'Api/adminResolveProblemReport', 'Api/adminCloseTicket'),
  // The schedules. Stations/sweep expires the session of the guest order Api/getGuestOrder's poll started.
  from(stations, 'StationList/Publisher', 'StationList/ChangePublisher'),
  from(vending, 'Stations/sweep'),
  from(fleet, 'Stations/commandSweep', 'Stations/alertSweep'),
  // What the vends left: transactions, claims on the user's and the guests' refills, guest receipts kept by accounts.
  from(wallet, 'Api/listTransactions', 'Api/listUserTransactions'),
  from(vending, 'Api/createClaim'),
  from(guests, 'Api/createGuestClaim'),
  from(vending, 'Api/adminListClaims', 'Api/adminClaimCounts', 'Api/adminGetClaim', 'Api/adminResolveClaim'),
  from(guests, 'Api/claimGuestOrder'),
  from(stations, 'Api/addFavourite', 'Api/listFavourites', 'Api/removeFavourite'),
  from(accounts, 'Api/getEnvironmentalImpact'),
  // The console: the book, the settings, the station's readings, water safety, visits and host, its alerts.
  from(wallet, 'Api/adminListTransactions', 'Api/adminExportTransactions', 'Api/adminBookDay', 'Api/adminJournal'),
  from(system, 'Api/adminStats', 'Api/adminGetSettings', 'Api/adminPutSettings', 'Api/adminSettingsHistory'),
  from(wallet, 'Api/validateAppleMerchant'),
  from(fleet,
    'Api/adminMachineTelemetry', 'Api/adminMachineEvents', 'Api/adminCreateLabReportUpload', 'Api/adminRecordSafety', 'Api/adminGetLabReport',
    'Api/adminMachineSafety', 'Api/adminLockStation', 'Api/adminClearSafetyLock', 'Api/adminListAlerts'),
  from(fieldwork, 'Api/adminCheckIn'),
  from(partners, 'Api/adminSetMachineHost', 'Api/adminGetMachineHost', 'Api/hostImpactReport', 'Api/hostStationImpact'),
  from(fleet, 'Api/adminAlertCounts', 'Api/adminAcknowledgeAlert'),
  // Last of the user's money: the whole balance withdrawn; the guest refunds the gateway refused, paid out by hand.
  from(wallet, 'Api/getWithdrawalPlan', 'Api/createWithdrawal', 'Api/adminListPayouts', 'Api/adminResolvePayout'),
  from(guests, 'Api/adminListHeldGuestRefunds', 'Api/adminPayOutGuestRefund'),
  from(fleet, 'Api/adminCreateCommand', 'Api/adminListCommands', 'Api/adminGetCommand', 'Stations/commandResult', 'Api/adminAbortCommand'),
  // Last: the admin signed out everywhere.
  from(accounts, 'Api/adminLogout'),
);

/** Entries of one context's file, in the order they run. */
function from<T extends Record<string, Driver>>(context: T, ...keys: (keyof T & string)[]) {
  return { context: context as Record<string, Driver>, keys };
}

/** The entries in run order; every entry of a context's file has exactly one place in it. */
function inOrder(...parts: ReturnType<typeof from>[]): Record<string, Driver> {
  const drivers: Record<string, Driver> = {};
  for (const { context, keys } of parts) {
    for (const key of keys) {
      if (Object.hasOwn(drivers, key)) throw new Error(`${key} has two places in the run order (infra/parity/drivers.ts)`);
      drivers[key] = context[key]!;
    }
  }
  for (const context of new Set(parts.map((part) => part.context))) {
    for (const key of Object.keys(context)) if (!Object.hasOwn(drivers, key)) throw new Error(`${key} has a driver but no place in the run order (infra/parity/drivers.ts)`);
  }
  return drivers;
}
