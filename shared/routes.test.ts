import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openApiDocument } from './openapi';
import { buildPath, matchRoute, routeIds, routes } from './routes';
import { type RouteDefinition } from './routes/route';
import { HostRequestInput } from './schemas/host-request';

describe('route table', () => {
  it('has every call of docs/design.md, "API calls"', () => {
    const keys = routeIds.map((id) => `${routes[id].method} ${routes[id].path}`);
    for (const call of [
      'GET /api/auth/user', 'GET /api/machines', 'GET /api/environmental-impact', 'GET /api/transactions', 'POST /api/wallet/topup',
      'POST /api/purchase', 'POST /api/nfc/generate-token', 'POST /api/apple-pay/validate-merchant', 'POST /api/host-requests',
      'POST /api/admin/login', 'POST /api/admin/logout', 'GET /api/admin/auth/check', 'GET /api/admin/users', 'GET /api/admin/transactions',
      'GET /api/admin/host-requests', 'POST /api/admin/machines', 'PATCH /api/admin/machines/{id}/update', 'PATCH /api/admin/users/{id}',
      'PATCH /api/admin/host-requests/{id}', 'DELETE /api/admin/host-requests/{id}', 'GET /api/logout',
      'GET /api/machines/{id}', 'GET /api/users/{id}/transactions', 'POST /api/partner/signup',
    ]) expect(keys, call).toContain(call);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has a handler file for every route that handles it with its own definition, no admin route without the admin role, and no money or people for technicians and hosts', () => {
    for (const id of routeIds) {
      const auth: RouteDefinition['auth'] = routes[id].auth;
      // Its own definition, not another route's: the handler validates and authorizes with what it is given.
      expect(readFileSync(resolve(import.meta.dirname, `../functions/http/routes/${id}.ts`), 'utf8'), id).toContain(`routeHandler(contract.${id},`);
      if (routes[id].path.startsWith('/api/admin/') && id !== 'adminLogin') expect(auth, id).toContain('admin');
      if (routes[id].path.startsWith('/api/host/')) expect(auth, id).toEqual(['host']);
    }
    const roleMayCall = (role: 'technician' | 'host') => routeIds.filter((id) => { const auth: RouteDefinition['auth'] = routes[id].auth; return typeof auth !== 'string' && auth.includes(role); });
    for (const id of ['adminStats', 'adminListUsers', 'adminGetUser', 'adminListTransactions', 'adminListPayouts', 'adminListClaims', 'adminGetSettings', 'adminPutSettings'] as const) {
      expect(roleMayCall('technician'), id).not.toContain(id);
      expect(roleMayCall('host'), id).not.toContain(id);
    }
    expect(roleMayCall('host').sort()).toEqual(['adminAuthCheck', 'adminLogout', 'hostImpactReport', 'hostStationImpact']);
  });

  it('puts the roles of each console route into the OpenAPI document', () => {
    const doc = openApiDocument();
    expect(doc.paths['/api/admin/machines/{id}/check-in']?.post).toMatchObject({ security: [{ cognito: ['admin', 'technician'] }], 'x-auth': 'admin, technician' });
    expect(doc.paths['/api/host/stations']?.get).toMatchObject({ security: [{ cognito: ['host'] }] });
    expect(doc.paths['/api/auth/user']?.get).toMatchObject({ security: [{ cognito: [] }], 'x-auth': 'user' });
  });

  it('matches concrete paths and builds them back', () => {
    expect(matchRoute('GET', '/api/machines/HRL-00001')).toEqual({ id: 'getMachine', params: { id: 'HRL-00001' } });
    expect(matchRoute('PATCH', '/api/admin/machines/HRL-1/update')?.id).toBe('adminUpdateMachine');
    expect(matchRoute('GET', '/api/nothing')).toBeNull();
    expect(matchRoute('DELETE', '/api/machines')).toBeNull();
    expect(buildPath('/api/machines/{id}', { id: 'a b/c' })).toBe('/api/machines/a%20b%2Fc');
    expect(() => buildPath('/api/machines/{id}')).toThrow(/id/);
  });

  it('generates an OpenAPI 3.1 document with every route', () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations).toHaveLength(routeIds.length);
    expect(doc.paths['/api/host-requests']?.post).toMatchObject({ operationId: 'createHostRequest', security: [] });
  });
});

describe('host request schema', () => {
  const valid = {
    businessName: 'Warung Sari', contactName: 'Made', email: 'made@example.com', phone: '+62 812 3456 7890',
    address: 'Jl. Raya Ubud 1', businessType: 'cafe', expectedFootfall: '100-300',
  };
  it('accepts a complete application and defaults comments', () => {
    expect(HostRequestInput.parse(valid).comments).toBe('');
  });
  it('names each missing or wrong field', () => {
    const result = HostRequestInput.safeParse({ ...valid, businessName: '  ', email: 'nope', businessType: 'bank' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['businessName', 'email', 'businessType']));
  });
});
