import { CognitoAdminAuthenticator } from './adapters/cognito/admin-authenticator';
import { DynamoAdminQueries } from './adapters/dynamodb/admin-queries';
import { createDocumentClient, dynamoConfigFromEnv } from './adapters/dynamodb/client';
import { GazetteerGeocoder } from './adapters/gazetteer/gazetteer-geocoder';
import { createLocationGeocoder } from './adapters/location/location-geocoder';
import { DynamoHostRequests } from './adapters/dynamodb/host-requests';
import { DynamoLedger } from './adapters/dynamodb/ledger';
import { DynamoMachines } from './adapters/dynamodb/machines';
import { DynamoSettings } from './adapters/dynamodb/settings';
import { DynamoUsers } from './adapters/dynamodb/users';
import { createStationAdapters, type StationAdapters } from './adapters/iot/station-adapters';
import { DynamoPaymentOrders } from './adapters/dynamodb/topups';
import { configuredPayments } from './adapters/secrets/payments';
import type { AdminAuthenticator } from './ports/admin-auth';
import type { AdminQueries } from './ports/admin-queries';
import { randomIds, systemClock, type Clock, type Ids } from './ports/clock';
import type { Geocoder } from './ports/geocoder';
import type { HostRequests } from './ports/host-requests';
import type { Ledger } from './ports/ledger';
import type { Machines } from './ports/machines';
import type { ApplePayMerchantValidator, PaymentGateway } from './ports/payment-gateway';
import type { SettingsStore } from './ports/settings';
import type { Users } from './ports/users';
import type { PaymentOrders } from './ports/topups';

/**
 * The composition root: which adapter serves each port, chosen from the environment.
 * Stations (adapters/iot/station-adapters.ts): stationRegistry, stationMessages, signingKeys, vendSessions.
 */
export interface Services extends StationAdapters {
  clock: Clock;
  ids: Ids;
  machines: Machines;
  hostRequests: HostRequests;
  settings: SettingsStore;
  users: Users;
  ledger: Ledger;
  /** Collection-wide reads of the admin console. */
  adminQueries: AdminQueries;
  /** Password sign-in and global sign-out against Cognito (cognito-local here). */
  adminAuth: AdminAuthenticator;
  /** Amazon Location place index when PLACE_INDEX_NAME is set, else the shipped Bali gazetteer. */
  geocoder: Geocoder;
  /** Midtrans when a server key is configured (env locally, Secrets Manager in AWS), else the sandbox gateway. */
  payments: PaymentGateway;
  /** Apple Pay merchant validation: Apple with the merchant identity certificate, or the sandbox's session. */
  applePay: ApplePayMerchantValidator;
  /** Top-ups and wallet purchases (payment orders). */
  paymentOrders: PaymentOrders;
}

let current: Services | undefined;

export function createServices(env: NodeJS.ProcessEnv = process.env): Services {
  const config = dynamoConfigFromEnv(env);
  const db = createDocumentClient(config);
  const clock = systemClock;
  const ids = randomIds;
  const payments = configuredPayments(env);
  return {
    ...createStationAdapters(env, db, config),
    clock,
    ids,
    users: new DynamoUsers(db, config.tableName),
    ledger: new DynamoLedger(db, config.tableName, clock, ids),
    machines: new DynamoMachines(db, config.tableName),
    hostRequests: new DynamoHostRequests(db, config.tableName),
    settings: new DynamoSettings(db, config.tableName),
    adminQueries: new DynamoAdminQueries(db, config.tableName),
    adminAuth: new CognitoAdminAuthenticator(),
    geocoder: env.PLACE_INDEX_NAME ? createLocationGeocoder(env.PLACE_INDEX_NAME, config.region) : new GazetteerGeocoder(),
    payments: payments.gateway,
    applePay: payments.applePay,
    paymentOrders: new DynamoPaymentOrders(db, config.tableName),
  };
}

/** Created once per Lambda container (outside the handler, reused across invocations). */
export function services(): Services {
  current ??= createServices();
  return current;
}
