import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '@functions/platform/adapters/dynamodb/client';
import { DynamoMachines } from '@functions/stations/adapters/dynamodb/machines';
import { DynamoFleetPrices } from '@functions/stations/adapters/dynamodb/fleet-prices';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoSettings } from '@functions/platform/adapters/dynamodb/settings';
import { S3Bucket } from '@functions/platform/adapters/s3/s3-bucket';
import { S3StationList } from '@functions/stations/adapters/s3/s3-station-list';
import { publishStationList } from '@functions/stations/domain/station-list';
import { systemClock } from '@functions/platform/ports/clock';
import { ensureTable } from '@infra/local/dynamodb';
import { STATION_LIST_MAX_AGE_SECONDS, STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import type { Machine } from '@shared/schemas/machine';
import {
  isTiledStationList,
  STATION_LIST_TILE_THRESHOLD,
  STATION_TILE_MAX_STATIONS,
  stationTilePath,
  type StationListFile,
} from '@shared/station-tiles';
import { local } from '../support/local';

/**
 * The station list in area tiles (docs/scale.md, "Area tiles") through the real adapters: a fleet above the threshold
 * in a table of its own in DynamoDB Local (the shared table's stations are what every other test sees), published
 * into a bucket of its own in the S3 emulator; and the local CloudFront passing tile paths to the list's bucket.
 */
const FLEET = STATION_LIST_TILE_THRESHOLD + 100;
const run = `tiles-${Date.now().toString(36)}`;
let s3: S3Client;
let machines: DynamoMachines;
let fleetPrices: DynamoFleetPrices;
let deps: Parameters<typeof publishStationList>[0];

const object = (path: string) => fetch(`${local().storage.endpoint}/${run}${path}`);
const json = async <T>(path: string) => (await (await object(path)).json()) as T;

beforeAll(async () => {
  const { dynamodb, storage } = local();
  await ensureTable(dynamodb.endpoint, run);
  const db = createDocumentClient({ tableName: run, endpoint: dynamodb.endpoint });
  machines = new DynamoMachines(db, run);
  fleetPrices = new DynamoFleetPrices(db, run);
  s3 = new S3Client({ endpoint: storage.endpoint, region: 'ap-southeast-1', forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await s3.send(new CreateBucketCommand({ Bucket: run }));
  const at = new Date().toISOString();
  // Spread over south Bali (about 0.3° by 0.3°, 36 cells), every 50th without coordinates.
  const records = Array.from({ length: FLEET }, (_, i) => ({
    id: `TIL-${String(i).padStart(5, '0')}`,
    name: `Tile Station ${i}`,
    location: 'Badung, Bali',
    ...(i % 50 === 49 ? {} : { latitude: (-8.85 + ((i * 7) % 300) / 1000).toFixed(4), longitude: (115.0 + ((i * 13) % 300) / 1000).toFixed(4) }),
    status: 'online' as const,
    lastHeartbeat: at,
    heartbeatReceivedAt: at,
    createdAt: at,
    updatedAt: at,
  }));
  for (let start = 0; start < records.length; start += 50) await Promise.all(records.slice(start, start + 50).map((record) => machines.create(record)));
  deps = { machines, settings: new DynamoSettings(db, run), clock: systemClock, fleetPrices, snapshot: new S3StationList(new S3Bucket(run, { env: { AWS_REGION: 'ap-southeast-1', AWS_ENDPOINT_URL_S3: storage.endpoint }, credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }) })) };
}, 120_000);

afterAll(async () => {
  const client = new DynamoDBClient({ endpoint: local().dynamodb.endpoint, region: 'ap-southeast-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await client.send(new DeleteTableCommand({ TableName: run })).catch(() => undefined);
  client.destroy();
  s3?.destroy();
});

describe('the station list in area tiles', () => {
  it('publishes tiles that hold every station once, named by the list with their counts, served like the list', async () => {
    const published = await publishStationList(deps);
    const list = await json<StationListFile>(STATION_LIST_SNAPSHOT_PATH);
    if (!isTiledStationList(list)) throw new Error('the list file is not tiled');
    expect(published).toEqual({ stations: FLEET, written: true, tilesWritten: list.tiles.length });
    // Each tile holds at most the maximum (none of these stations share a spot).
    expect(list.tiles.length).toBeGreaterThanOrEqual(Math.ceil(FLEET / STATION_TILE_MAX_STATIONS));

    const ids = new Set<string>();
    for (const summary of list.tiles) {
      const response = await object(stationTilePath(summary.key));
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('cache-control')).toBe(`public, max-age=${STATION_LIST_MAX_AGE_SECONDS}`);
      const stations = (await response.json()) as Machine[];
      expect(stations).toHaveLength(summary.count);
      stations.forEach((m) => ids.add(m.id));
    }
    expect(ids.size).toBe(FLEET);
    expect(await publishStationList(deps)).toEqual({ stations: FLEET, written: false, tilesWritten: 0 });
  });

  it("rewrites a changed station's tile and the list, and leaves the other tiles' ETags as they were", async () => {
    await publishStationList(deps);
    const list = await json<StationListFile>(STATION_LIST_SNAPSHOT_PATH);
    if (!isTiledStationList(list)) throw new Error('the list file is not tiled');
    const etags = async () => Object.fromEntries(await Promise.all(list.tiles.map(async (t) => [t.key, (await object(stationTilePath(t.key))).headers.get('etag')] as const)));
    const before = await etags();

    await machines.update('TIL-00000', { name: 'Tile Station Renamed', updatedAt: new Date().toISOString() });
    expect(await publishStationList(deps)).toMatchObject({ written: true, tilesWritten: 1 });
    const after = await etags();
    const changed = Object.keys(before).filter((key) => before[key] !== after[key]);
    expect(changed).toHaveLength(1);
    expect((await json<Machine[]>(stationTilePath(changed[0]!))).find((m) => m.id === 'TIL-00000')?.name).toBe('Tile Station Renamed');
    const relisted = await json<StationListFile>(STATION_LIST_SNAPSHOT_PATH);
    expect(isTiledStationList(relisted) && relisted.tiles.find((t) => t.key === changed[0])?.fingerprint).not.toBe(list.tiles.find((t) => t.key === changed[0])?.fingerprint);
  });

  it("keeps the fleet's highest price per litre in its item, rewritten only when it changed", async () => {
    await publishStationList(deps);
    expect(await fleetPrices.highest()).toBe(1_000);
    await machines.update('TIL-00007', { pricePerLitre: 2_300 });
    await publishStationList(deps);
    expect(await fleetPrices.highest()).toBe(2_300);
    // The same price again: the item keeps the time it was written at.
    await fleetPrices.recordHighest(2_300, '2099-01-01T00:00:00.000Z');
    const { dynamodb } = local();
    const { Item } = await createDocumentClient({ tableName: run, endpoint: dynamodb.endpoint }).send(new GetCommand({ TableName: run, Key: keys.fleetPrices }));
    expect(Item?.at).not.toBe('2099-01-01T00:00:00.000Z');
    await machines.update('TIL-00007', { pricePerLitre: 900 });
    await publishStationList(deps);
    expect(await fleetPrices.highest()).toBe(1_000);
  });

  it('is served by the local CloudFront from the list bucket under the same path, a tile as it is in the bucket', async () => {
    const { storage, web } = local();
    const path = stationTilePath('-999_9999');
    await s3.send(new PutObjectCommand({ Bucket: storage.stationListBucket, Key: path.slice(1), Body: '[]', ContentType: 'application/json', CacheControl: `public, max-age=${STATION_LIST_MAX_AGE_SECONDS}` }));
    const response = await fetch(web + path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(`public, max-age=${STATION_LIST_MAX_AGE_SECONDS}`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await response.json()).toEqual([]);
    expect((await fetch(web + stationTilePath('-999_9998'))).status).not.toBe(200);
  });
});
