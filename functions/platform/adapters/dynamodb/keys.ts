/**
 * Every key of the single table, in one place. See docs/architecture.md for the access patterns.
 *
 * | entity          | PK                 | SK                      | GSI1PK / GSI1SK              | GSI2PK / GSI2SK            |
 * |-----------------|--------------------|-------------------------|------------------------------|----------------------------|
 * | Machine         | MACHINE#<id>       | MACHINE                 |                              | STATIONS#HEARD#<n> / <receivedAt> |
 * | User            | USER#<sub>         | PROFILE                 | USERS / <createdAt>#<sub>    |                            |
 * | Ledger entry    | USER#<sub>         | LEDGER#<at>#<entryId>   | LEDGER#<n> / <at>#<entryId>  | MACHINE#<id> / <at>#<entry> |
 * | Favourite       | USER#<sub>         | FAVOURITE#<stationId>   |                              |                            |
 * | Idempotency     | IDEMPOTENCY#<key>  | IDEMPOTENCY             |                              |                            |
 * | Balance hold    | HOLD#<holdId>      | HOLD                    |                              |                            |
 * | Top-up          | TOPUP#<orderId>    | TOPUP                   |                              |                            |
 * | Wallet purchase | PURCHASE#<orderId> | PURCHASE                |                              |                            |
 * | Guest order     | GUEST#<orderId>    | GUEST                   | GUESTREFUNDS#OPEN / <at>#<id> (a refused refund still held) |  |
 * | Guest account   | USER#GUEST-<order> | PROFILE (no GSI1: not a user of the admin's list) |    |                            |
 * | Vend session    | VEND#<sessionId>   | VEND                    |                              | VENDS#OPEN / <expiresAt>, or VENDS#AWAITING / <closedAt> |
 * | Used NFC token  | NFCTOKEN#<jti>     | NFCTOKEN                |                              |                            |
 * | Host request    | HOSTREQ#<id>       | HOSTREQ                 | HOSTREQS / <createdAt>#<id>  |                            |
 * | Settings        | SETTINGS           | CURRENT                 |                              |                            |
 * | Fleet prices    | FLEET#PRICES       | PRICES (the highest price per litre, for pay codes' allowances) |  |                 |
 * | Settings audit  | SETTINGS           | AUDIT#<at>#<id>         |                              |                            |
 * | Totals shard    | STATS#<nn>         | TOTALS                  |                              |                            |
 * | Vend incident   | INCIDENT#<session> | INCIDENT                | INCIDENTS#OPEN / <at>#<sess> |                            |
 * | Problem report  | REPORT#<id>        | REPORT                  | REPORTS#<status> / <at>#<id> |                            |
 * | Request quota   | QUOTA#<key>#<win>  | QUOTA                   |                              |                            |
 * | Reading         | MACHINE#<id>       | READING#<receivedAt>    |                              |                            |
 * | Station event   | MACHINE#<id>       | EVENT#<at>#<kind>       |                              |                            |
 * | Withdrawal      | WITHDRAWAL#<id>    | WITHDRAWAL              | PAYOUTS#<status> / <at>#<id> (with a payout) |            |
 * | Withdrawing     | WITHDRAWING#<sub>  | WITHDRAWING (one in progress per user) |               |                            |
 * | Vend claim      | USER#<sub>         | CLAIM#<sessionId>       | CLAIMS#<status> / <at>#<sess> |                           |
 * | Alert           | ALERT#<id>#<rule>  | AT#<openedAt>           | ALERTS#ACTIVE / <openedAt>#… or ALERTS#RESOLVED / <resolvedAt>#… | ALERTS#DUE / <nextNotifyAt>#… |
 * | Ticket          | TICKET#<id>        | TICKET                  | TICKETS#ACTIVE / <openedAt>#<id> or TICKETS#CLOSED / <closedAt>#<id> | TICKETS#STATION#<id> / <openedAt>#<ticket> |
 * | Open ticket cause | TICKETCAUSE#<station>#<cause> | OPEN (the open ticket's id; deleted when it closes) |  |                  |
 * | Command         | COMMAND#<id>       | COMMAND                 | COMMANDS / <createdAt>#<id>  |                            |
 * | Command execution | COMMAND#<id>     | EXEC#<stationId>        |                              |                            |
 *
 * Stations are in one index only: GSI2 STATIONS#HEARD#<n> by the last heartbeat's receive time (until the first one,
 * the station's creation), so a heartbeat writes the item and moves one index entry (4 WCU with its reading, where a
 * second index copy made it 5: docs/cost.md). Lists of all stations read the whole of every shard; the sweep reads
 * only the part older than its threshold (the silent stations). `<n>` is the station's shard (0..MACHINE_SHARDS-1, a
 * hash of its id), so the heartbeats' index writes spread over MACHINE_SHARDS partitions instead of one.
 * The ledger collection likewise over LEDGER_SHARDS (a hash of the entry id), merged newest first by the admin list.
 *
 * Vend sessions: get by id (the balance hold has the same id); GSI2 VENDS#OPEN lists open sessions by
 * expiresAt for the sweep, and closing a session removes its GSI2 keys; VENDS#AWAITING lists the expired guest
 * sessions whose refund waits for their station, by expiry, until the sweep marks it due. Used NFC tokens: one conditional
 * put per jti (the token is consumed once), deleted by TTL an hour after the token expires.
 *
 * Admin console (adapters/dynamodb/admin-queries.ts): GSI1 LEDGER newest first for all transactions; the
 * summary cards from the STATS#<nn> shards (one BatchGet of all of them, kept by the ledger's transactions); GSI1
 * USERS for user search; a user's PK for their transactions; GSI2 MACHINE#<id> for a station's purchases;
 * SETTINGS / AUDIT# newest first for the settings history; GSI1 INCIDENTS#OPEN for open vend incidents.
 *
 * Favourites (adapters/dynamodb/favourites.ts): a user's starred stations with `begins_with(SK, 'FAVOURITE#')` in
 * their own partition; starring is a put and unstarring a delete of the one item, so both are idempotent.
 *
 * Claims (adapters/dynamodb/claims.ts): one per vend, in the claimant's partition (a conditional put, so a second
 * claim on the vend is refused); the history page reads the claims of its purchases with one BatchGet; GSI1
 * CLAIMS#<status> lists the admin queue (pending, oldest first) and the resolved ones.
 *
 * Tickets (adapters/dynamodb/tickets.ts): get by id; GSI1 TICKETS#ACTIVE lists open and assigned tickets newest first
 * (filtered by status or assignee), TICKETS#CLOSED the closed ones by closing time; GSI2 TICKETS#STATION#<id> a
 * station's tickets newest first. Opening is a conditional put of the cause item with the ticket, so a station has
 * one open ticket per cause (`alert:<rule>`, `reports`); a second source of an open cause is appended to its ticket.
 * Closing deletes the cause item and resolves the linked open problem reports in the same transaction.
 *
 * Commands (adapters/dynamodb/commands.ts): get by id; GSI1 COMMANDS lists them newest first; a command's partition
 * holds its executions, one per station (`begins_with(SK, 'EXEC#')` reads them all). A station's result ends its
 * execution and counts it on the command in one transaction (the execution's condition makes a repeat count nothing);
 * a rollout moves to its next step with a condition on the command's step, so only one result moves it.
 *
 * Telemetry (adapters/dynamodb/telemetry.ts): a station's readings by receive time with
 * `SK BETWEEN READING#<from> AND READING#<to>`, its latest events with `begins_with(SK, 'EVENT#')` newest first;
 * both expire by TTL after 90 days.
 */
/**
 * How many partitions the station collection is spread over. A heartbeat rewrites the machine item and moves its
 * index entry; at 100,000 stations one partition would take every heartbeat of the fleet (docs/scale.md).
 */
export const MACHINE_SHARDS = 16;

/** How many partitions the collection of all ledger entries (admin Transactions) is spread over. */
export const LEDGER_SHARDS = 8;

/** FNV-1a: a fixed, evenly spread number for an id. */
function fnv1a(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** A station's shard: from its id, so it never changes. */
export const machineShard = (id: string) => fnv1a(id) % MACHINE_SHARDS;

const allMachineShards = Array.from({ length: MACHINE_SHARDS }, (_, n) => n);

export const keys = {
  machine: (id: string) => ({ PK: `MACHINE#${id}`, SK: 'MACHINE' }),
  /**
   * Where stations were listed before the heard index became their collection (GSI1, unsharded, then sharded): the
   * sweep moves the ones it finds there (DynamoAlerts.silentStations).
   */
  formerMachinePartitions: ['MACHINES', ...allMachineShards.map((n) => `MACHINES#${n}`)],
  /** One heartbeat's readings, in the station's partition; the broker's receive time orders them. */
  telemetryReading: (id: string, receivedAt: string) => ({ PK: `MACHINE#${id}`, SK: `READING#${receivedAt}` }),
  /** A connection event (connected, disconnected with its reason); the kind keeps two at one instant apart. */
  stationEvent: (id: string, at: string, kind: string) => ({ PK: `MACHINE#${id}`, SK: `EVENT#${at}#${kind}` }),
  stationEventPrefix: 'EVENT#',
  /**
   * On the machine item: GSI2 by the last heartbeat's receive time. The station collection: lists read every shard
   * whole, the sweep only the stations heard before its threshold.
   */
  heardStation: (id: string, receivedAt: string) => ({ GSI2PK: `STATIONS#HEARD#${machineShard(id)}`, GSI2SK: receivedAt }),
  /** Every shard of the stations by receive time (GSI2), to read in parallel. */
  heardStationsPartitions: allMachineShards.map((n) => `STATIONS#HEARD#${n}`),

  /** An alert of one station and rule, by when it opened; the machine item's `openAlerts` set keeps one open per rule. */
  alert: (stationId: string, rule: string, openedAt: string) => ({ PK: `ALERT#${stationId}#${rule}`, SK: `AT#${openedAt}` }),
  /** A station's water safety history (sanitation visits, lab tests, locks), in its own partition. */
  safetyRecord: (stationId: string, at: string, id: string) => ({ PK: `MACHINE#${stationId}`, SK: `SAFETY#${at}#${id}` }),
  safetyRecordPrefix: 'SAFETY#',
  /** Where the fleet's alerts (no station: the dead-letter rule) keep their open rules, as a machine item does. */
  fleetAlerts: { PK: 'FLEET', SK: 'ALERTS' },
  /** The fleet's highest price per litre, written by the station list's publisher alone (its own partition, for its IAM grant). */
  fleetPrices: { PK: 'FLEET#PRICES', SK: 'PRICES' },
  alertPartition: (stationId: string, rule: string) => `ALERT#${stationId}#${rule}`,
  /** GSI1: unresolved alerts newest first, resolved ones by resolution. */
  activeAlert: (openedAt: string, stationId: string, rule: string) => ({ GSI1PK: 'ALERTS#ACTIVE', GSI1SK: `${openedAt}#${stationId}#${rule}` }),
  resolvedAlert: (resolvedAt: string, stationId: string, rule: string) => ({ GSI1PK: 'ALERTS#RESOLVED', GSI1SK: `${resolvedAt}#${stationId}#${rule}` }),
  activeAlertsPartition: 'ALERTS#ACTIVE',
  resolvedAlertsPartition: 'ALERTS#RESOLVED',
  /** GSI2: open, unacknowledged alerts by when they are next e-mailed (the sweep sends the due ones). */
  dueAlert: (nextNotifyAt: string, stationId: string, rule: string) => ({ GSI2PK: 'ALERTS#DUE', GSI2SK: `${nextNotifyAt}#${stationId}#${rule}` }),
  dueAlertsPartition: 'ALERTS#DUE',

  /** A maintenance ticket; GSI1 active (open, assigned) by opening or closed by closing, GSI2 its station's. */
  ticket: (id: string) => ({ PK: `TICKET#${id}`, SK: 'TICKET' }),
  activeTicket: (openedAt: string, id: string) => ({ GSI1PK: 'TICKETS#ACTIVE', GSI1SK: `${openedAt}#${id}` }),
  closedTicket: (closedAt: string, id: string) => ({ GSI1PK: 'TICKETS#CLOSED', GSI1SK: `${closedAt}#${id}` }),
  activeTicketsPartition: 'TICKETS#ACTIVE',
  closedTicketsPartition: 'TICKETS#CLOSED',
  stationTicket: (stationId: string, openedAt: string, id: string) => ({ GSI2PK: `TICKETS#STATION#${stationId}`, GSI2SK: `${openedAt}#${id}` }),
  stationTicketsPartition: (stationId: string) => `TICKETS#STATION#${stationId}`,
  /** The one open ticket of a station and cause (`alert:<rule>` or `reports`): holds its id while it is open. */
  openTicketCause: (stationId: string, cause: string) => ({ PK: `TICKETCAUSE#${stationId}#${cause}`, SK: 'OPEN' }),

  /** A remote command (docs/stations.md, "Remote commands"); GSI1 lists them newest first. */
  command: (id: string) => ({ PK: `COMMAND#${id}`, SK: 'COMMAND' }),
  commandCollection: (createdAt: string, id: string) => ({ GSI1PK: 'COMMANDS', GSI1SK: `${createdAt}#${id}` }),
  commandsPartition: 'COMMANDS',
  /** One station's execution of a command, in the command's partition. */
  commandExecution: (id: string, stationId: string) => ({ PK: `COMMAND#${id}`, SK: `EXEC#${stationId}` }),
  commandExecutionPrefix: 'EXEC#',

  user: (sub: string) => ({ PK: `USER#${sub}`, SK: 'PROFILE' }),
  userCollection: (createdAt: string, sub: string) => ({ GSI1PK: 'USERS', GSI1SK: `${createdAt}#${sub}` }),
  usersPartition: 'USERS',

  /** A station the user starred; their partition holds them beside the profile and the ledger. */
  favourite: (sub: string, stationId: string) => ({ PK: `USER#${sub}`, SK: `FAVOURITE#${stationId}` }),
  favouritePrefix: 'FAVOURITE#',

  /** A claim on one vend ("I didn't get my water"), in the claimant's partition: one per session. */
  claim: (sub: string, sessionId: string) => ({ PK: `USER#${sub}`, SK: `CLAIM#${sessionId}` }),
  /** GSI1: the claims of one status (pending: the admin queue) by when they were made. */
  claimCollection: (status: string, at: string, sessionId: string) => ({ GSI1PK: `CLAIMS#${status}`, GSI1SK: `${at}#${sessionId}` }),
  claimsPartition: (status: string) => `CLAIMS#${status}`,

  ledgerEntry: (sub: string, at: string, entryId: string) => ({ PK: `USER#${sub}`, SK: `LEDGER#${at}#${entryId}` }),
  ledgerPrefix: 'LEDGER#',
  ledgerCollection: (at: string, entryId: string) => ({ GSI1PK: `LEDGER#${fnv1a(entryId) % LEDGER_SHARDS}`, GSI1SK: `${at}#${entryId}` }),
  /**
   * Every partition of the ledger collection, read in parallel and merged newest first: the shards, and `LEDGER`
   * where entries written before the sharding stay (read as one more shard, so they need no migration).
   */
  ledgerPartitions: ['LEDGER', ...Array.from({ length: LEDGER_SHARDS }, (_, n) => `LEDGER#${n}`)],
  ledgerByMachine: (machineId: string, at: string, entryId: string) => ({ GSI2PK: `MACHINE#${machineId}`, GSI2SK: `${at}#${entryId}` }),
  /** GSI2 partition of one station's purchases (admin Transactions filtered by machine). */
  ledgerByMachinePartition: (machineId: string) => `MACHINE#${machineId}`,

  idempotency: (key: string) => ({ PK: `IDEMPOTENCY#${key}`, SK: 'IDEMPOTENCY' }),
  hold: (holdId: string) => ({ PK: `HOLD#${holdId}`, SK: 'HOLD' }),
  topup: (orderId: string) => ({ PK: `TOPUP#${orderId}`, SK: 'TOPUP' }),
  purchase: (orderId: string) => ({ PK: `PURCHASE#${orderId}`, SK: 'PURCHASE' }),
  guestOrder: (orderId: string) => ({ PK: `GUEST#${orderId}`, SK: 'GUEST' }),
  /** GSI1: guest orders whose refund the gateway refused and whose money nobody claimed or paid out yet, oldest first. */
  refusedGuestRefund: (at: string, orderId: string) => ({ GSI1PK: 'GUESTREFUNDS#OPEN', GSI1SK: `${at}#${orderId}` }),
  refusedGuestRefundsPartition: 'GUESTREFUNDS#OPEN',
  vendSession: (sessionId: string) => ({ PK: `VEND#${sessionId}`, SK: 'VEND' }),
  openVendSession: (expiresAt: string) => ({ GSI2PK: 'VENDS#OPEN', GSI2SK: expiresAt }),
  openVendsPartition: 'VENDS#OPEN',
  /** GSI2: an expired session waiting for its station's next report (a guest order's refund in full waits for it). */
  awaitingVendSession: (closedAt: string) => ({ GSI2PK: 'VENDS#AWAITING', GSI2SK: closedAt }),
  awaitingVendsPartition: 'VENDS#AWAITING',
  usedNfcToken: (jti: string) => ({ PK: `NFCTOKEN#${jti}`, SK: 'NFCTOKEN' }),
  /** An NFC token's offline reservation (its hold has the token's jti); GSI2 lists the unused ones by when they are voided. */
  nfcReservation: (jti: string) => ({ PK: `NFCTOKEN#${jti}`, SK: 'RESERVATION' }),
  openNfcReservation: (voidAt: string, jti: string) => ({ GSI2PK: 'RESERVATIONS#OPEN', GSI2SK: `${voidAt}#${jti}` }),
  openNfcReservationsPartition: 'RESERVATIONS#OPEN',
  /** The account's live NFC token: one per account (docs/architecture.md, "Offline vends"). */
  liveNfcToken: (userId: string) => ({ PK: `NFCLIVE#${userId}`, SK: 'NFCLIVE' }),
  /** One per vend session whose completion could not be settled as reported; GSI1 lists the open ones. */
  vendIncident: (sessionId: string) => ({ PK: `INCIDENT#${sessionId}`, SK: 'INCIDENT' }),
  openVendIncident: (at: string, sessionId: string) => ({ GSI1PK: 'INCIDENTS#OPEN', GSI1SK: `${at}#${sessionId}` }),
  openVendIncidentsPartition: 'INCIDENTS#OPEN',
  /** A problem report at a station; GSI1 lists the reports of one status (open, resolved) by time. */
  problemReport: (id: string) => ({ PK: `REPORT#${id}`, SK: 'REPORT' }),
  problemReportCollection: (status: string, at: string, id: string) => ({ GSI1PK: `REPORTS#${status}`, GSI1SK: `${at}#${id}` }),
  problemReportsPartition: (status: string) => `REPORTS#${status}`,
  /** A short exclusive right to fleet-wide work (the station list's publication on a change): `until` on one item. */
  lease: (name: string) => ({ PK: `LEASE#${name}`, SK: 'LEASE' }),
  /** Requests counted for a rate limit, one item per caller and window, deleted by TTL after the window. */
  requestQuota: (key: string, window: number) => ({ PK: `QUOTA#${key}#${window}`, SK: 'QUOTA' }),

  /**
   * Running totals of the ledger, split over STATS_SHARDS items so that concurrent transactions rarely meet on one
   * (each transaction adds to one shard picked at random; a reader sums them all).
   */
  statsShard: (n: number) => ({ PK: `STATS#${String(n).padStart(2, '0')}`, SK: 'TOTALS' }),

  /** A withdrawal of a user's balance; GSI1 lists its payout request by status (docs/payments.md, "Withdrawals"). */
  withdrawal: (id: string) => ({ PK: `WITHDRAWAL#${id}`, SK: 'WITHDRAWAL' }),
  payoutCollection: (status: string, at: string, id: string) => ({ GSI1PK: `PAYOUTS#${status}`, GSI1SK: `${at}#${id}` }),
  payoutsPartition: (status: string) => `PAYOUTS#${status}`,
  /** The one withdrawal a user has in progress (deleted when it completes). */
  withdrawing: (sub: string) => ({ PK: `WITHDRAWING#${sub}`, SK: 'WITHDRAWING' }),

  hostRequest: (id: string) => ({ PK: `HOSTREQ#${id}`, SK: 'HOSTREQ' }),
  hostRequestCollection: (createdAt: string, id: string) => ({ GSI1PK: 'HOSTREQS', GSI1SK: `${createdAt}#${id}` }),
  hostRequestsPartition: 'HOSTREQS',

  settings: () => ({ PK: 'SETTINGS', SK: 'CURRENT' }),
  settingsAudit: (at: string, id: string) => ({ PK: 'SETTINGS', SK: `AUDIT#${at}#${id}` }),
  /** Settings audit entries, newest first with ScanIndexForward false (admin System tab history). */
  settingsAuditPrefix: 'AUDIT#',
} as const;

export const STATS_SHARDS = 32;

/** Strips the key attributes of a stored item, leaving the domain record it holds. */
export function withoutKeys<T = Record<string, unknown>>(item: Record<string, unknown>): T {
  const { PK: _a, SK: _b, GSI1PK: _c, GSI1SK: _d, GSI2PK: _e, GSI2SK: _f, ttl: _g, ...rest } = item;
  return rest as T;
}
