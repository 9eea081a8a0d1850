import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { priceOfMillilitres } from '@shared/money';
import { CommandDetail } from '@shared/schemas/command';
import { GuestOrder } from '@shared/schemas/guest';
import { Machine } from '@shared/schemas/machine';
import { Settings } from '@shared/schemas/settings';
import type { SimStation } from '@infra/local/simulator';
import { asAdmin } from '../support/admin';
import { apiFetch, local } from '../support/local';
import { closeStations, provision, stationFor, waitFor, workerServices, type Provisioned } from './stations-support';

/**
 * The price the public sees is the price charged (docs/stations.md, "Price per litre"): a station's own price from a
 * setPrice command is on its public view and in the station list file, and a guest order there costs what they show.
 */
let real: Provisioned;
let other: Provisioned;
let station: SimStation;

beforeAll(async () => {
  await workerServices();
  [real, other] = await Promise.all([provision('Own Price Station'), provision('Global Price Station')]);
  station = await stationFor(real);
  await station.connect();
  await station.heartbeat();
  await waitFor(() => apiFetch(`/api/machines/${real.machine.id}`), (r) => r.body.status === 'online');
});
afterAll(closeStations);

const publicView = async (id: string) => Machine.parse((await apiFetch(`/api/machines/${id}`)).body);
const listed = async (id: string) => {
  const response = await fetch(`${local().web}${STATION_LIST_SNAPSHOT_PATH}`, { cache: 'no-store' });
  expect(response.status).toBe(200);
  return ((await response.json()) as Machine[]).find((m) => m.id === id);
};

describe('the price per litre on the public pages', () => {
  it('shows the global setting until a station has its own price, then that price, in its view and the list file', async () => {
    const settings = Settings.parse((await asAdmin('/api/admin/settings')).body);
    expect(await publicView(real.machine.id)).toMatchObject({ pricePerLitre: null, effectivePricePerLitre: settings.pricePerLitre });

    const price = settings.pricePerLitre + 700;
    const created = await asAdmin('/api/admin/commands', { method: 'POST', json: { type: 'setPrice', pricePerLitre: price, target: { stationIds: [real.machine.id] } } });
    expect(created.status, created.text).toBe(201);
    const { value: done } = await waitFor(async () => CommandDetail.parse((await asAdmin(`/api/admin/commands/${created.body.id}`)).body), (c) => c.status !== 'in_progress', 30_000, 100);
    expect(done.status).toBe('succeeded');

    expect(await publicView(real.machine.id)).toMatchObject({ pricePerLitre: price, effectivePricePerLitre: price });
    expect(await listed(real.machine.id)).toMatchObject({ pricePerLitre: price, effectivePricePerLitre: price });
    // A station without its own price keeps the setting's, in both.
    expect((await publicView(other.machine.id)).effectivePricePerLitre).toBe(settings.pricePerLitre);
    expect((await listed(other.machine.id))?.effectivePricePerLitre).toBe(settings.pricePerLitre);
  });

  it('charges a guest order what the station page showed for the size', async () => {
    const shown = (await publicView(real.machine.id)).effectivePricePerLitre;
    const headers = { 'idempotency-key': crypto.randomUUID(), 'cloudfront-viewer-address': `198.51.100.${Math.floor(Math.random() * 250) + 1}:443` };
    const res = await apiFetch('/api/guest/orders', { method: 'POST', headers, json: { stationId: real.machine.id, volumeMl: 1500, paymentMethod: 'qris' } });
    expect(res.status, res.text).toBe(201);
    const order = GuestOrder.parse(res.body);
    expect(order.amountIdr).toBe(priceOfMillilitres(1500, shown));
    expect(order.amountIdr).not.toBe(priceOfMillilitres(1500, (Settings.parse((await asAdmin('/api/admin/settings')).body)).pricePerLitre));
  });
});
