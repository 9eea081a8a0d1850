import { DynamoAdminQueries } from '../adapters/dynamodb/admin-queries';
import { DynamoAlerts } from '../adapters/dynamodb/alerts';
import { DynamoClaims } from '../adapters/dynamodb/claims';
import { DynamoCommands } from '../adapters/dynamodb/commands';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoFavourites } from '../adapters/dynamodb/favourites';
import { DynamoHostRequests } from '../adapters/dynamodb/host-requests';
import { DynamoLeases } from '../adapters/dynamodb/leases';
import { DynamoLedger } from '../adapters/dynamodb/ledger';
import { DynamoMachines } from '../adapters/dynamodb/machines';
import { DynamoSafetyRecords } from '../adapters/dynamodb/safety-records';
import { DynamoSettings } from '../adapters/dynamodb/settings';
import { DynamoTelemetry } from '../adapters/dynamodb/telemetry';
import { DynamoTickets } from '../adapters/dynamodb/tickets';
import { DynamoPaymentOrders } from '../adapters/dynamodb/payment-orders';
import { DynamoUsers } from '../adapters/dynamodb/users';
import { DynamoVendSessions } from '../adapters/dynamodb/vend-sessions';
import { DynamoWithdrawals } from '../adapters/dynamodb/withdrawals';
import { awsRegion, setting } from '../environment';
import { traced } from '../observability';
import { randomIds, systemClock } from '../ports/clock';
import { provider } from './provider';

/**
 * One provider per repository of the single table (TABLE_NAME), all on one document client. A function imports the
 * ones it uses (`import * as repositories`), so its bundle carries only their adapters (docs/scale.md, "Functions"):
 * the `@__PURE__` marks tell esbuild that a provider nobody reads can be left out.
 */
const table = /* @__PURE__ */ provider(() => {
  const name = setting('TABLE_NAME');
  return { name, db: traced(createDocumentClient({ tableName: name, region: awsRegion() })) };
});

export const clock = () => systemClock;
export const ids = () => randomIds;
export const machines = /* @__PURE__ */ provider(() => new DynamoMachines(table().db, table().name));
export const hostRequests = /* @__PURE__ */ provider(() => new DynamoHostRequests(table().db, table().name));
export const settings = /* @__PURE__ */ provider(() => new DynamoSettings(table().db, table().name));
export const users = /* @__PURE__ */ provider(() => new DynamoUsers(table().db, table().name));
export const ledger = /* @__PURE__ */ provider(() => new DynamoLedger(table().db, table().name, systemClock, randomIds));
export const vendSessions = /* @__PURE__ */ provider(() => new DynamoVendSessions(table().db, table().name));
export const paymentOrders = /* @__PURE__ */ provider(() => new DynamoPaymentOrders(table().db, table().name));
export const adminQueries = /* @__PURE__ */ provider(() => new DynamoAdminQueries(table().db, table().name));
export const telemetry = /* @__PURE__ */ provider(() => new DynamoTelemetry(table().db, table().name));
export const alerts = /* @__PURE__ */ provider(() => new DynamoAlerts(table().db, table().name));
export const favourites = /* @__PURE__ */ provider(() => new DynamoFavourites(table().db, table().name));
export const claims = /* @__PURE__ */ provider(() => new DynamoClaims(table().db, table().name));
export const safetyRecords = /* @__PURE__ */ provider(() => new DynamoSafetyRecords(table().db, table().name));
export const tickets = /* @__PURE__ */ provider(() => new DynamoTickets(table().db, table().name));
export const commands = /* @__PURE__ */ provider(() => new DynamoCommands(table().db, table().name));
export const leases = /* @__PURE__ */ provider(() => new DynamoLeases(table().db, table().name));
export const withdrawals = /* @__PURE__ */ provider(() => new DynamoWithdrawals(table().db, table().name));
