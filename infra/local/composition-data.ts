import type { AdminQueries } from '../../functions/system/ports/admin-queries';
import type { Alerts } from '../../functions/fleet/ports/alerts';
import type { Claims } from '../../functions/vending/ports/claims';
import type { Commands } from '../../functions/fleet/ports/commands';
import type { Clock, Ids } from '../../functions/platform/ports/clock';
import type { Favourites } from '../../functions/stations/ports/favourites';
import type { HostRequests } from '../../functions/partners/ports/host-requests';
import type { Ledger } from '../../functions/wallet/ports/ledger';
import type { Machines } from '../../functions/stations/ports/machines';
import type { FleetPrices } from '../../functions/stations/ports/fleet-prices';
import type { SafetyRecords } from '../../functions/fleet/ports/safety-records';
import type { SettingsStore } from '../../functions/platform/ports/settings';
import type { Telemetry } from '../../functions/fleet/ports/telemetry';
import type { Tickets } from '../../functions/fieldwork/ports/tickets';
import type { PaymentOrders } from '../../functions/wallet/ports/payment-orders';
import type { Users } from '../../functions/accounts/ports/users';
import type { VendSessions } from '../../functions/vending/ports/vend-sessions';
import { provider } from '../../functions/platform/providers/provider';
import { adminQueries } from '../../functions/system/providers/repositories/admin-queries';
import { alerts } from '../../functions/fleet/providers/repositories/alerts';
import { claims } from '../../functions/vending/providers/repositories/claims';
import { clock as systemClockOf, ids as randomIdsOf } from '../../functions/platform/providers/clock';
import { commands } from '../../functions/fleet/providers/repositories/commands';
import { favourites } from '../../functions/stations/providers/repositories/favourites';
import { hostRequests } from '../../functions/partners/providers/repositories/host-requests';
import { ledger } from '../../functions/wallet/providers/repositories/ledger';
import { machines } from '../../functions/stations/providers/repositories/machines';
import { fleetPrices } from '../../functions/stations/providers/repositories/fleet-prices';
import { paymentOrders } from '../../functions/wallet/providers/repositories/payment-orders';
import { safetyRecords } from '../../functions/fleet/providers/repositories/safety-records';
import { settings } from '../../functions/platform/providers/repositories/settings';
import { telemetry } from '../../functions/fleet/providers/repositories/telemetry';
import { tickets } from '../../functions/fieldwork/providers/repositories/tickets';
import { users } from '../../functions/accounts/providers/repositories/users';
import { vendSessions } from '../../functions/vending/providers/repositories/vend-sessions';

/** The repositories of the single table (TABLE_NAME; DynamoDB Local through AWS_ENDPOINT_URL_DYNAMODB in the local cloud), with clock and ids. */
export interface DataServices {
  clock: Clock;
  ids: Ids;
  machines: Machines;
  fleetPrices: FleetPrices;
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

/** Every repository at once, for the local cloud's composition (infra/local/composition.ts); functions import theirs from providers/repositories/. */
export const data = /* @__PURE__ */ provider((): DataServices => ({
  clock: systemClockOf(),
  ids: randomIdsOf(),
  machines: machines(),
  fleetPrices: fleetPrices(),
  hostRequests: hostRequests(),
  settings: settings(),
  users: users(),
  ledger: ledger(),
  vendSessions: vendSessions(),
  paymentOrders: paymentOrders(),
  adminQueries: adminQueries(),
  telemetry: telemetry(),
  alerts: alerts(),
  favourites: favourites(),
  claims: claims(),
  safetyRecords: safetyRecords(),
  tickets: tickets(),
  commands: commands(),
}));
