import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '@functions/platform/adapters/dynamodb/client';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { ORIGIN_VERIFY_HEADER } from '@functions/http/origin';
import { DynamoLedger } from '@functions/wallet/adapters/dynamodb/ledger';
import { DynamoUsers } from '@functions/accounts/adapters/dynamodb/users';
import { randomIds, systemClock } from '@functions/platform/ports/clock';
import { ensureTable, startDynamo, type LocalDynamo } from '@infra/local/dynamodb';

/** This file runs its own DynamoDB Local on disk, so that it can kill it and start it again (quickly: it lives seconds). */
const ORIGIN_SECRET = 'faults-origin-secret';
const dataDir = mkdtempSync(join(tmpdir(), 'refill-faults-'));
const tableName = 'faults';
let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startDynamo({ dataDir, quickStart: true });
  await ensureTable(dynamo.endpoint, tableName);
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    ORIGIN_VERIFY_SHA256: createHash('sha256').update(ORIGIN_SECRET).digest('hex'),
  });
});
afterAll(async () => {
  await dynamo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const event = (body: unknown): APIGatewayProxyEventV2 => ({
  version: '2.0', routeKey: 'POST /api/host-requests', rawPath: '/api/host-requests', rawQueryString: '', headers: { 'content-type': 'application/json', [ORIGIN_VERIFY_HEADER]: ORIGIN_SECRET },
  body: JSON.stringify(body), isBase64Encoded: false,
  requestContext: { http: { method: 'POST', path: '/api/host-requests' } } as APIGatewayProxyEventV2['requestContext'],
});

describe('the database going away', () => {
  it('answers a clear 503 when DynamoDB is down, and the next request after it is back succeeds', async () => {
    const { handler } = await import('@functions/http/routes/createHostRequest');
    const application = {
      businessName: 'Fault Cafe', contactName: 'Nyoman', email: 'nyoman@example.com', phone: '+62 811 000 111',
      address: 'Jl. Raya Sanur 1', businessType: 'cafe', expectedFootfall: '50-100',
    };
    const ok = (await handler(event(application), {} as Context)) as APIGatewayProxyStructuredResultV2;
    expect(ok.statusCode).toBe(201);

    await dynamo.stop();
    const down = (await handler(event(application), {} as Context)) as APIGatewayProxyStructuredResultV2;
    expect(down.statusCode).toBe(503);
    expect(JSON.parse(down.body!)).toEqual({ message: 'Service temporarily unavailable, please try again' });

    dynamo = await startDynamo({ dataDir, quickStart: true });
    process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.endpoint;
  });

  it('leaves no partial write when DynamoDB is killed in the middle of ledger transactions', async () => {
    const db = () => createDocumentClient({ tableName, endpoint: dynamo.endpoint });
    const users = new DynamoUsers(db(), tableName);
    await users.ensure({ id: 'fault-user', username: 'fault', firstName: null, lastName: null, email: null }, new Date().toISOString());
    const ledger = new DynamoLedger(db(), tableName, systemClock, randomIds);

    // 40 top-ups in flight; once a few have committed the database is killed (no clean shutdown).
    let committedBeforeKill = 0;
    const inFlight = Array.from({ length: 40 }, (_, i) =>
      ledger.post('fault-user', 'topup', 10_000, `fault-${i}`, { reference: `order-${i}`, actor: 'gateway' }).then(() => (committedBeforeKill++, 'ok'), () => 'failed'),
    );
    const deadline = Date.now() + 15_000;
    while (committedBeforeKill < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    dynamo.process.kill('SIGKILL');
    const outcomes = await Promise.all(inFlight);
    expect(outcomes).toContain('ok');
    expect(outcomes).toContain('failed');

    dynamo = await startDynamo({ dataDir, quickStart: true });
    const client = db();
    const user = (await new DynamoUsers(client, tableName).get('fault-user'))!;
    const { Items = [] } = await client.send(new QueryCommand({
      TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': keys.user('fault-user').PK, ':p': keys.ledgerPrefix }, ConsistentRead: true,
    }));
    // Every committed transaction wrote its balance and its entry together; nothing in between survived.
    expect(user.balance).toBe(Items.reduce((sum, e) => sum + (e.amount as number), 0));
    expect(user.balance).toBe(Items.length * 10_000);
    const committed = new Set(Items.map((e) => e.idempotencyKey));
    for (let i = 0; i < 40; i++) {
      const { Item } = await client.send(new (await import('@aws-sdk/lib-dynamodb')).GetCommand({ TableName: tableName, Key: keys.idempotency(`fault-${i}`) }));
      expect(Boolean(Item), `idempotency record fault-${i} matches its entry`).toBe(committed.has(`fault-${i}`));
    }
    console.log(`faults: ${Items.length} of 40 top-ups committed before the kill, ${40 - Items.length} not written at all`);
  });
});
