import { createDocumentClient, dynamoConfigFromEnv } from './adapters/dynamodb/client';
import { DynamoHostRequests } from './adapters/dynamodb/host-requests';
import { DynamoLedger } from './adapters/dynamodb/ledger';
import { DynamoMachines } from './adapters/dynamodb/machines';
import { DynamoSettings } from './adapters/dynamodb/settings';
import { DynamoUsers } from './adapters/dynamodb/users';
import { randomIds, systemClock, type Clock, type Ids } from './ports/clock';
import type { HostRequests } from './ports/host-requests';
import type { Ledger } from './ports/ledger';
import type { Machines } from './ports/machines';
import type { SettingsStore } from './ports/settings';
import type { Users } from './ports/users';

/** The composition root: which adapter serves each port, chosen from the environment. */
export interface Services {
  clock: Clock;
  ids: Ids;
  machines: Machines;
  hostRequests: HostRequests;
  settings: SettingsStore;
  users: Users;
  ledger: Ledger;
}

let current: Services | undefined;

export function createServices(env: NodeJS.ProcessEnv = process.env): Services {
  const config = dynamoConfigFromEnv(env);
  const db = createDocumentClient(config);
  const clock = systemClock;
  const ids = randomIds;
  return {
    clock,
    ids,
    users: new DynamoUsers(db, config.tableName),
    ledger: new DynamoLedger(db, config.tableName, clock, ids),
    machines: new DynamoMachines(db, config.tableName),
    hostRequests: new DynamoHostRequests(db, config.tableName),
    settings: new DynamoSettings(db, config.tableName),
  };
}

/** Created once per Lambda container (outside the handler, reused across invocations). */
export function services(): Services {
  current ??= createServices();
  return current;
}
