import { createDocumentClient, dynamoConfigFromEnv } from './adapters/dynamodb/client';
import { DynamoHostRequests } from './adapters/dynamodb/host-requests';
import { DynamoMachines } from './adapters/dynamodb/machines';
import { DynamoSettings } from './adapters/dynamodb/settings';
import { randomIds, systemClock, type Clock, type Ids } from './ports/clock';
import type { HostRequests } from './ports/host-requests';
import type { Machines } from './ports/machines';
import type { SettingsStore } from './ports/settings';

/** The composition root: which adapter serves each port, chosen from the environment. */
export interface Services {
  clock: Clock;
  ids: Ids;
  machines: Machines;
  hostRequests: HostRequests;
  settings: SettingsStore;
}

let current: Services | undefined;

export function createServices(env: NodeJS.ProcessEnv = process.env): Services {
  const config = dynamoConfigFromEnv(env);
  const db = createDocumentClient(config);
  return {
    clock: systemClock,
    ids: randomIds,
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
