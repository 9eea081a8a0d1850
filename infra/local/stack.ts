import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client';
import { DynamoMachines } from '../../functions/adapters/dynamodb/machines';
import { LOCAL_TABLE_NAME } from '../../functions/adapters/dynamodb/table';
import { ensureTable, startDynamo } from './dynamodb';
import { startGateway } from './gateway';
import { freePort } from './net';
import { seedStations } from './seed';

// Lambda runs Node 22; the SDK's warning about the local Node 20 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** What the local cloud started, as written to .local/outputs.json for tests and tools. */
export interface LocalOutputs {
  web: string | null;
  api: string;
  dynamodb: { endpoint: string; tableName: string; region: string };
}

export interface LocalStackOptions {
  /** Folder for DynamoDB Local's files; in memory when absent. */
  dataDir?: string;
  /** Port of the web app (Vite dev server); no web server when null. */
  webPort?: number | null;
  apiPort?: number;
  log?: (line: string) => void;
}

export interface LocalStack {
  outputs: LocalOutputs;
  stop(): Promise<void>;
}

/** Starts the whole local system: database, seed, API gateway and (optionally) the web app. */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((e: unknown) => console.error(e));
  };
  try {
    log('Starting DynamoDB Local' + (options.dataDir ? ` (data in ${options.dataDir})` : ' (in memory)'));
    const dynamo = await startDynamo({ dataDir: options.dataDir });
    stops.push(dynamo.stop);
    const tableName = LOCAL_TABLE_NAME;
    await ensureTable(dynamo.endpoint, tableName);

    // The handlers read their configuration from the environment, as they do in Lambda.
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      AWS_REGION: process.env.AWS_REGION ?? 'ap-southeast-3',
      VALIDATE_RESPONSES: '1',
    });

    const db = createDocumentClient({ tableName, endpoint: dynamo.endpoint });
    const seeded = await seedStations(new DynamoMachines(db, tableName), new Date(), (done, total) => {
      if (done === total || done % 10 === 0) log(`Seeding stations ${done}/${total}`);
    });
    log(`Seeded ${seeded.created} new of ${seeded.total} stations`);

    const gateway = await startGateway({ port: options.apiPort ?? (await freePort()) });
    stops.push(gateway.stop);
    log(`API gateway on ${gateway.origin}`);

    let web: string | null = null;
    if (options.webPort !== null) {
      const { startWeb } = await import('./web');
      const server = await startWeb({ port: options.webPort ?? 5173, apiOrigin: gateway.origin });
      stops.push(server.stop);
      web = server.origin;
    }

    return {
      outputs: { web, api: gateway.origin, dynamodb: { endpoint: dynamo.endpoint, tableName, region: process.env.AWS_REGION! } },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function writeOutputs(file: string, outputs: LocalOutputs) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(outputs, null, 2) + '\n');
}
