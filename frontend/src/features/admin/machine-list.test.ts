import { describe, expect, it } from 'vitest';
import type { Machine } from '@shared/schemas/machine';
import { filterMachines, machineAlerts } from './machine-list';

const NOW = Date.parse('2025-06-01T10:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const machine = (id: string, over: Partial<Machine> = {}): Machine => ({
  id, name: `Station ${id}`, location: 'Jl. Raya, Bali', latitude: null, longitude: null, status: 'online', waterLevel: 50, lastRefill: null,
  features: [], lastHeartbeat: ago(1), quality: null, filter: null, connection: null, waterCheck: { lastLabTestAt: null, lastLabTestResult: null, lastSanitationAt: null, lockedFor: null }, effectivePricePerLitre: 1000, createdAt: ago(600), updatedAt: ago(600), ...over,
});

describe('machine list', () => {
  it('searches code, name or location case-insensitively and filters by status', () => {
    const list = [machine('A', { name: 'Sindhu Beach' }), machine('B', { location: 'Jl. Danau Tamblingan, SANUR' }), machine('C', { status: 'offline' }), machine('HRL-00042', { name: 'Pantai Kuta' })];
    expect(filterMachines(list, 'sanur', 'all').map((m) => m.id)).toEqual(['B']);
    expect(filterMachines(list, '  sindhu ', 'all').map((m) => m.id)).toEqual(['A']);
    expect(filterMachines(list, '', 'offline').map((m) => m.id)).toEqual(['C']);
    expect(filterMachines(list, 'sindhu', 'offline')).toEqual([]);
    // The code printed on the machine, as someone reads it off the sticker.
    expect(filterMachines(list, 'hrl-00042', 'all').map((m) => m.id)).toEqual(['HRL-00042']);
  });

  it('flags stations offline for more than 10 minutes (by last heartbeat, else last change) and below 20% water', () => {
    const list = [
      machine('fresh', { status: 'offline', lastHeartbeat: ago(9) }),
      machine('stale', { status: 'offline', lastHeartbeat: ago(11) }),
      machine('never', { status: 'offline', lastHeartbeat: null, updatedAt: ago(45) }),
      machine('online-old', { status: 'online', lastHeartbeat: ago(30) }),
      machine('low', { waterLevel: 19 }),
      machine('empty', { status: 'maintenance', waterLevel: 0 }),
      machine('twenty', { waterLevel: 20 }),
      machine('unknown', { waterLevel: null }),
    ];
    const { offline, lowWater } = machineAlerts(list, NOW);
    expect(offline.map((m) => m.id)).toEqual(['never', 'stale']);
    expect(lowWater.map((m) => m.id)).toEqual(['empty', 'low']);
  });
});
