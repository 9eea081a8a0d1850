import { importSPKI } from 'jose';
import { expect } from 'vitest';
import type { ProvisionedMachine } from '@shared/routes/fleet';
import type { MachineStatus } from '@shared/schemas/machine';
import type { Services } from '../../infra/local/composition';
import { SimStation } from '@infra/local/simulator';
import { asAdmin, repositories } from '../support/admin';
import { newAccount } from '../support/auth';
import { apiFetch, local } from '../support/local';
import type * as z from 'zod/mini';
import { serviceEnvironment } from '@infra/local/service-environment';

/**
 * Helpers of the stations integration tests: the worker's own services on the test stack (same table,
 * CA and signing key as the stack's handlers), stations provisioned through the admin route, and
 * simulated stations on the stack's broker.
 */
export type Provisioned = z.output<typeof ProvisionedMachine>;

let services: Services | undefined;
/** Services in this test process, configured as the stack's handlers are (for arranging and asserting). */
export async function workerServices(): Promise<Services> {
  if (services) return services;
  Object.assign(process.env, serviceEnvironment(local()));
  const { services: get } = await import('../../infra/local/composition');
  services = get();
  return services;
}

/** Provisions a new station through POST /api/admin/machines, as the admin console does (in Denpasar unless told where). */
export async function provision(name: string, status: MachineStatus = 'online', at = { latitude: '-8.65', longitude: '115.21' }): Promise<Provisioned> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = `TST-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const { status: code, body } = await asAdmin('/api/admin/machines', {
      method: 'POST', json: { id, name, location: 'Jl. Test 1, Denpasar, Bali', ...at, status },
    });
    if (code === 409) continue;
    expect(code, JSON.stringify(body)).toBe(201);
    return body as Provisioned;
  }
  throw new Error('could not find a free station id');
}

const open = new Set<SimStation>();
/** A simulated station with the certificate and vend key of its provisioning bundle. */
export async function stationFor(p: Provisioned, options: { firmwareStepMs?: number; restartMs?: number } = {}): Promise<SimStation> {
  const station = new SimStation(
    { id: p.machine.id, certificatePem: p.bundle.certificatePem, privateKeyPem: p.bundle.privateKeyPem, caPem: p.bundle.rootCaPem },
    { brokerUrl: p.bundle.endpoint, vendPublicKey: await importSPKI(p.bundle.vendPublicKeyPem, 'ES256'), ...options },
  );
  open.add(station);
  return station;
}
export async function closeStations() {
  await Promise.all([...open].map((s) => s.close()));
  open.clear();
}

/** Polls until `read` returns a value `done` accepts; returns it with the time it took. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000, intervalMs = 50): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  let value = await read();
  while (!done(value)) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
    value = await read();
  }
  return { value, ms: Math.round(performance.now() - start) };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A provisioned station, simulated, online and reporting every 5 s as a real one does. `stop` ends its heartbeats. */
export async function reportingStation(name: string) {
  const real = await provision(name);
  const station = await stationFor(real);
  await station.connect();
  await station.heartbeat();
  await waitFor(() => apiFetch(`/api/machines/${real.machine.id}`), (r) => r.body.status === 'online');
  const heartbeats = setInterval(() => void station.heartbeat().catch(() => undefined), 5_000);
  return { real, station, stop: () => clearInterval(heartbeats) };
}

/** A reporting station that dispenses `volumeMl` when a guest's refill starts it: the station a browser test pays at. */
export async function guestStation(name: string, volumeMl: number) {
  const reporting = await reportingStation(name);
  reporting.station.remoteStart = { volumeMl, flowMlPerSecond: Infinity };
  return reporting;
}

/** A new signed-up person (named `name` in the app) whose wallet holds `rupiah` from a settled top-up. */
export async function fundedAccount(name: string, rupiah: number) {
  // The e-mail in lower case, as the sign-in form sends it.
  const account = await newAccount(name.toLowerCase());
  const { users, ledger } = repositories();
  await users.ensure({ id: account.sub, username: account.email, firstName: name, lastName: null, email: account.email }, new Date().toISOString());
  await ledger.post(account.sub, 'topup', rupiah, `test-topup:${account.sub}`, { reference: `order-${account.sub}`, actor: 'gateway', paymentMethod: 'qris' });
  return account;
}
