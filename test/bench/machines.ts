import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '@functions/platform/adapters/dynamodb/client';
import { DynamoMachines, machineItem } from '@functions/stations/adapters/dynamodb/machines';
import type { LocalOutputs } from '@infra/local/stack';
import { percentile, round, type Figure } from './stats';

const run = promisify(execFile);
export const STATION_COUNT = 1000;

/** Tops the seeded stations up to 1,000 with generated ones spread over Bali's south. */
export async function seedThousandStations(outputs: LocalOutputs, log: (s: string) => void) {
  const db = createDocumentClient({ tableName: outputs.dynamodb.tableName, endpoint: outputs.dynamodb.endpoint });
  const existing = await new DynamoMachines(db, outputs.dynamodb.tableName).list();
  const now = new Date().toISOString();
  const missing = Array.from({ length: Math.max(0, STATION_COUNT - existing.length) }, (_, i) => {
    const id = `BEN-${String(i + 1).padStart(5, '0')}`;
    return machineItem({
      id, name: `Bench Station ${i + 1}`, location: `Jl. Bench ${i + 1}, Kuta, Badung, Bali`,
      latitude: String(-8.8 + (i % 40) * 0.008), longitude: String(115.1 + Math.floor(i / 40) * 0.008), status: i % 5 ? 'online' : 'offline',
      waterLevel: (i * 37) % 100, features: ['NFC Payment'], createdAt: now, updatedAt: now,
    });
  });
  for (let i = 0; i < missing.length; i += 25) {
    await db.send(new BatchWriteCommand({ RequestItems: { [outputs.dynamodb.tableName]: missing.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    if ((i / 25) % 10 === 0) log(`seeding bench stations ${i + 25}/${missing.length}`);
  }
  db.destroy();
}

/** Latencies of GET requests measured from a second Node process with keep-alive and fixed concurrency. */
async function loadFromSecondProcess(url: string, requests: number, concurrency: number) {
  const script = `
    const url = process.argv[1], total = Number(process.argv[2]), concurrency = Number(process.argv[3]);
    const latencies = []; let next = 0; let failures = 0;
    const started = performance.now();
    async function worker() {
      while (next < total) {
        next++;
        const t = performance.now();
        const r = await fetch(url);
        await r.arrayBuffer();
        if (r.status !== 200) failures++;
        latencies.push(performance.now() - t);
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker));
    process.stdout.write(JSON.stringify({ latencies, seconds: (performance.now() - started) / 1000, failures }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, url, String(requests), String(concurrency)], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as { latencies: number[]; seconds: number; failures: number };
}

export async function benchMachines(outputs: LocalOutputs, log: (s: string) => void): Promise<Figure[]> {
  const url = `${outputs.api}/api/machines`;
  const count = ((await (await fetch(url)).json()) as unknown[]).length;
  log(`GET /api/machines returns ${count} stations; warming up`);
  await loadFromSecondProcess(url, 60, 4);
  // Latency one request at a time (comparable with one raw query); throughput with 4 connections.
  const measured = await loadFromSecondProcess(url, 150, 1);
  const loaded = await loadFromSecondProcess(url, 200, 4);
  if (measured.failures || loaded.failures) throw new Error(`${measured.failures + loaded.failures} failed requests`);

  const db = createDocumentClient({ tableName: outputs.dynamodb.tableName, endpoint: outputs.dynamodb.endpoint });
  // The baseline: the same read as the handler's (every shard of the collection in parallel), without HTTP or Lambda.
  const machines = new DynamoMachines(db, outputs.dynamodb.tableName);
  const raw: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    await machines.list();
    if (i >= 10) raw.push(performance.now() - t);
  }
  db.destroy();
  const p50 = percentile(measured.latencies, 50);
  const rawP50 = percentile(raw, 50);
  return [
    { group: 'api', figure: `GET /api/machines (${count} stations) p50`, value: round(p50, 1), unit: 'ms', baseline: round(rawP50, 1), ratio: round(p50 / rawP50) },
    { group: 'api', figure: `GET /api/machines (${count} stations) p99`, value: round(percentile(measured.latencies, 99), 1), unit: 'ms', baseline: round(percentile(raw, 99), 1), ratio: round(percentile(measured.latencies, 99) / percentile(raw, 99)) },
    { group: 'api', figure: 'GET /api/machines throughput (4 connections)', value: round(loaded.latencies.length / loaded.seconds, 1), unit: 'req/s' },
    { group: 'api', figure: 'raw DynamoDB Local query of the same items p50', value: round(rawP50, 1), unit: 'ms' },
  ];
}
