import { DynamoAdminQueries } from '../adapters/dynamodb/admin-queries';
import { DynamoAlerts } from '../adapters/dynamodb/alerts';
import { DynamoClaims } from '../adapters/dynamodb/claims';
import { DynamoCommands } from '../adapters/dynamodb/commands';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoFavourites } from '../adapters/dynamodb/favourites';
import { DynamoHostRequests } from '../adapters/dynamodb/host-requests';
import { DynamoLedger } from '../adapters/dynamodb/ledger';
import { DynamoMachines } from '../adapters/dynamodb/machines';
import { DynamoSafetyRecords } from '../adapters/dynamodb/safety-records';
import { DynamoSettings } from '../adapters/dynamodb/settings';
import { DynamoTelemetry } from '../adapters/dynamodb/telemetry';
import { DynamoTickets } from '../adapters/dynamodb/tickets';
import { DynamoPaymentOrders } from '../adapters/dynamodb/payment-orders';
import { DynamoUsers } from '../adapters/dynamodb/users';
import { DynamoVendSessions } from '../adapters/dynamodb/vend-sessions';
import { awsRegion, setting } from '../environment';
import { traced } from '../observability';
import type { AdminQueries } from '../ports/admin-queries';
import type { Alerts } from '../ports/alerts';
import type { Claims } from '../ports/claims';
import type { Commands } from '../ports/commands';
import { randomIds, systemClock, type Clock, type Ids } from '../ports/clock';
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

function createDataServices(env: NodeJS.ProcessEnv = process.env): DataServices {
  const table = setting('TABLE_NAME', env);
  const db = traced(createDocumentClient({ tableName: table, region: awsRegion(env) }));
  return {
    clock: systemClock,
    ids: randomIds,
    machines: new DynamoMachines(db, table),
    hostRequests: new DynamoHostRequests(db, table),
    settings: new DynamoSettings(db, table),
    users: new DynamoUsers(db, table),
    ledger: new DynamoLedger(db, table, systemClock, randomIds),
    vendSessions: new DynamoVendSessions(db, table),
    paymentOrders: new DynamoPaymentOrders(db, table),
    adminQueries: new DynamoAdminQueries(db, table),
    telemetry: new DynamoTelemetry(db, table),
    alerts: new DynamoAlerts(db, table),
    favourites: new DynamoFavourites(db, table),
    claims: new DynamoClaims(db, table),
    safetyRecords: new DynamoSafetyRecords(db, table),
    tickets: new DynamoTickets(db, table),
    commands: new DynamoCommands(db, table),
  };
}

export const data = provider(() => createDataServices());
