import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import * as z from '@shared/zod';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { AREAS } from '@shared/constants';
import { Machine } from '@shared/schemas/machine';
import { apiFetch, testDb } from '../support/local';

const validApplication = {
  businessName: 'Warung Sari Canggu', contactName: 'Ketut Sari', email: 'ketut@warungsari.id', phone: '+62 812 3456 7890',
  address: 'Jl. Pantai Berawa 12, Canggu', businessType: 'cafe', expectedFootfall: '100-300', comments: 'Near the surf school',
};

async function storedHostRequests() {
  const { db, tableName } = testDb();
  const { Items = [] } = await db.send(new QueryCommand({
    TableName: tableName, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.hostRequestsPartition },
  }));
  return Items;
}

describe('GET /api/machines', () => {
  it('lists at least 30 seeded stations across every area and Kuta, with a mix of statuses', async () => {
    const { status, body } = await apiFetch('/api/machines');
    expect(status).toBe(200);
    const machines = z.array(Machine).parse(body);
    expect(machines.length).toBeGreaterThanOrEqual(30);
    for (const area of [...AREAS, 'Kuta']) expect(machines.some((m) => m.location.includes(area)), area).toBe(true);
    expect(new Set(machines.map((m) => m.status))).toEqual(new Set(['online', 'offline', 'maintenance', 'locked']));
  });

  it('applies fallbacks and never invents coordinates or water levels', async () => {
    const { body } = await apiFetch('/api/machines/HRL-00034');
    expect(body).toMatchObject({ name: 'Station HRL-0003', latitude: null, longitude: null, waterLevel: null });
  });

  it('answers 404 with the error shape for an unknown station', async () => {
    const { status, body } = await apiFetch('/api/machines/NOPE-1');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Machine NOPE-1 not found' });
  });

  it('answers 404 JSON for a path outside the contract', async () => {
    const { status, body } = await apiFetch('/api/unknown');
    expect(status).toBe(404);
    expect(body.message).toBeTruthy();
  });
});

describe('POST /api/host-requests', () => {
  it('stores a valid application as pending with createdAt', async () => {
    const { status, body } = await apiFetch('/api/host-requests', { method: 'POST', json: validApplication });
    expect(status).toBe(201);
    expect(body).toMatchObject({ ...validApplication, status: 'pending', adminNotes: '' });
    const { db, tableName } = testDb();
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.hostRequest(body.id) }));
    expect(Item).toMatchObject({ businessName: 'Warung Sari Canggu', status: 'pending' });
    expect(Date.parse(Item!.createdAt as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('rejects a body missing businessName with 400 naming the field, and stores nothing', async () => {
    const before = (await storedHostRequests()).length;
    const { businessName: _, ...missing } = validApplication;
    const { status, body } = await apiFetch('/api/host-requests', { method: 'POST', json: missing });
    expect(status).toBe(400);
    expect(body.fields).toEqual({ businessName: 'Business name is required' });
    expect(body.message).toContain('businessName');
    expect((await storedHostRequests()).length).toBe(before);
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['an unknown business type', { businessType: 'casino' }, 'businessType'],
    ['an unknown footfall', { expectedFootfall: '1000+' }, 'expectedFootfall'],
  ])('rejects %s and stores nothing', async (_label, change, field) => {
    const before = (await storedHostRequests()).length;
    const { status, body } = await apiFetch('/api/host-requests', { method: 'POST', json: { ...validApplication, ...change } });
    expect(status).toBe(400);
    expect(Object.keys(body.fields)).toEqual([field]);
    expect((await storedHostRequests()).length).toBe(before);
  });

  it('rejects a body that is not JSON with a clear 400', async () => {
    const { status, body } = await apiFetch('/api/host-requests', { method: 'POST', body: '{oops', headers: { 'content-type': 'application/json' } });
    expect(status).toBe(400);
    expect(body.message).toBe('Request body must be valid JSON');
  });
});

describe('the contract document', () => {
  it('serves the OpenAPI document generated from the route table', async () => {
    const { status, body } = await apiFetch('/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(body.paths['/api/machines'].get.operationId).toBe('listMachines');
  });
});
