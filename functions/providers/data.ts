import type { AdminQueries } from '../ports/admin-queries';
import type { Alerts } from '../ports/alerts';
import type { Claims } from '../ports/claims';
import type { Commands } from '../ports/commands';
import type { Clock, Ids } from '../ports/clock';
import type { Favourites } from '../ports/favourites';
import type { HostRequests } from '../ports/host-requests';
import type { Ledger } from '../ports/ledger';
import type { Machines } from '../ports/machines';
import type { SafetyRecords } from '../ports/safety-records';
import type { SettingsStore } from '../ports/settings';
import type { Telemetry } from '../ports/telemetry';
import type { Tickets } from '../ports/tickets';
import type { PaymentOrders } from '../ports/payment-orders';
import type { Users } from '../ports/users';
import type { VendSessions } from '../ports/vend-sessions';
import { provider } from './provider';
import { adminQueries } from './repositories/admin-queries';
import { alerts as alertsRepository } from './repositories/alerts';
import { claims as claimsRepository } from './repositories/claims';
import { clock as systemClockOf, ids as randomIdsOf } from './clock';
import { commands as commandsRepository } from './repositories/commands';
import { favourites as favouritesRepository } from './repositories/favourites';
import { hostRequests } from './repositories/host-requests';
import { ledger as ledgerRepository } from './repositories/ledger';
import { machines as machinesRepository } from './repositories/machines';
import { paymentOrders } from './repositories/payment-orders';
import { safetyRecords } from './repositories/safety-records';
import { settings as settingsRepository } from './repositories/settings';
import { telemetry as telemetryRepository } from './repositories/telemetry';
import { tickets as ticketsRepository } from './repositories/tickets';
import { users as usersRepository } from './repositories/users';
import { vendSessions } from './repositories/vend-sessions';

/** The repositories of the single table (TABLE_NAME; DynamoDB Local through AWS_ENDPOINT_URL_DYNAMODB in the local cloud), with clock and ids. */
export interface DataServices {
  clock: Clock;
  ids: Ids;
  machines: Machines;
  hostRequests: HostRequests;
  settings: SettingsStore;
  users: Users;
  ledger: Ledger;
  vendSessions: VendSessions;
  /** Top-ups and wallet purchases (payment orders). */
  paymentOrders: PaymentOrders;
  /** Collection-wide reads of the admin console. */
  adminQueries: AdminQueries;
  /** Stations' readings and connection events (90 days). */
  telemetry: Telemetry;
  /** Alerts of the alert rules (one open per station and rule). */
  alerts: Alerts;
  /** Stations each user starred. */
  favourites: Favourites;
  /** Claims on vends ("I didn't get my water"). */
  claims: Claims;
  /** Water safety: sanitation visits, lab tests, locks. */
  safetyRecords: SafetyRecords;
  /** Maintenance tickets (one open per station and cause). */
  tickets: Tickets;
  /** Remote commands and each station's execution. */
  commands: Commands;
}

/** Every repository at once, for the local cloud's composition (functions/composition.ts); functions import theirs from providers/repositories/. */
export const data = /* @__PURE__ */ provider((): DataServices => ({
  clock: systemClockOf(),
  ids: randomIdsOf(),
  machines: machinesRepository(),
  hostRequests: hostRequests(),
  settings: settingsRepository(),
  users: usersRepository(),
  ledger: ledgerRepository(),
  vendSessions: vendSessions(),
  paymentOrders: paymentOrders(),
  adminQueries: adminQueries(),
  telemetry: telemetryRepository(),
  alerts: alertsRepository(),
  favourites: favouritesRepository(),
  claims: claimsRepository(),
  safetyRecords: safetyRecords(),
  tickets: ticketsRepository(),
  commands: commandsRepository(),
}));
