import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/schemas/settings';
import { asAdmin } from '../support/admin';
import { bearer, newAccount, signInAs } from '../support/auth';
import { apiFetch } from '../support/local';

/**
 * The server's answers in the person's language (docs/design.md, "Error texts"): the error body's message follows
 * the request's Accept-Language; without one, or with English preferred, it is English.
 */
describe('Accept-Language', () => {
  it('a low-balance NFC token request answers in Bahasa Indonesia with the minimum the admin set', async () => {
    const person = await newAccount('bahasa');
    const token = (headers: Record<string, string> = {}) => apiFetch('/api/nfc/generate-token', { method: 'POST', headers: { ...bearer(person.token), ...headers } });
    try {
      // 35 points: Rp 3.500, not the built-in 20 points (Rp 2.000).
      const saved = await asAdmin('/api/admin/settings', { method: 'PUT', json: { ...defaultSettings(), minBalancePoints: 35 } });
      expect(saved.status, saved.text).toBe(200);
      expect(await token({ 'accept-language': 'id' })).toMatchObject({
        status: 409,
        body: { message: 'Saldo tidak cukup: Anda perlu minimal Rp 3.500 untuk mengisi air. Isi ulang dompet Anda lalu coba lagi.' },
      });
      expect((await token({ 'accept-language': 'en-US,en;q=0.9,id;q=0.8' })).body.message).toBe(
        'Insufficient balance: you need at least Rp 3.500 to refill. Top up your wallet and try again.',
      );
      expect((await token()).body.message).toBe('Insufficient balance: you need at least Rp 3.500 to refill. Top up your wallet and try again.');
    } finally {
      expect((await asAdmin('/api/admin/settings', { method: 'PUT', json: defaultSettings() })).status).toBe(200);
    }
  });

  // A request without a token is answered by API Gateway's JWT authorizer (its own 'Unauthorized'), before any function.
  it("the adapter's own answers follow it too: 403 for a role the caller lacks, 400 for a body that is not JSON", async () => {
    const person = await newAccount('bahasajson');
    const adminOnly = (headers: Record<string, string>) => apiFetch('/api/admin/settings', { headers: { ...bearer(person.token), ...headers } });
    expect(await adminOnly({ 'accept-language': 'id-ID' })).toMatchObject({ status: 403, body: { message: 'Hanya untuk administrator' } });
    expect(await adminOnly({})).toMatchObject({ status: 403, body: { message: 'Administrator access required' } });
    const garbled = await apiFetch('/api/wallet/topup', {
      method: 'POST', body: '{not json', headers: { ...bearer(person.token), 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), 'accept-language': 'id' },
    });
    expect(garbled).toMatchObject({ status: 400, body: { message: 'Isi permintaan harus JSON yang valid' } });
  });

  it("the consoles' errors follow it: a technician's missing ticket, an admin's missing command", async () => {
    const technician = await signInAs('technician');
    const ticket = (headers: Record<string, string>) => apiFetch('/api/admin/tickets/no-such-ticket', { headers: { ...bearer(technician.token), ...headers } });
    expect(await ticket({ 'accept-language': 'id' })).toMatchObject({ status: 404, body: { message: 'Tiket tidak ditemukan' } });
    expect(await ticket({})).toMatchObject({ status: 404, body: { message: 'Ticket not found' } });
    const command = (headers: Record<string, string>) => asAdmin('/api/admin/commands/no-such-command', { headers });
    expect(await command({ 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' })).toMatchObject({ status: 404, body: { message: 'Perintah tidak ditemukan' } });
    expect(await command({})).toMatchObject({ status: 404, body: { message: 'Command not found' } });
  });

  it("a 400's field messages follow it: the schemas' texts, zod's own and the domain's", async () => {
    const order = (headers: Record<string, string>) => apiFetch('/api/guest/orders', {
      method: 'POST', json: { stationId: 'S'.repeat(65), volumeMl: 50, paymentMethod: 'bitcoin' }, headers: { 'idempotency-key': crypto.randomUUID(), ...headers },
    });
    expect(await order({ 'accept-language': 'id' })).toMatchObject({
      status: 400,
      body: {
        message: 'Permintaan tidak valid: stationId: Paling banyak 64 karakter; volumeMl: Paling sedikit 100 ml; paymentMethod: Pilih cara membayar',
        fields: { stationId: 'Paling banyak 64 karakter', volumeMl: 'Paling sedikit 100 ml', paymentMethod: 'Pilih cara membayar' },
      },
    });
    expect(await order({})).toMatchObject({ status: 400, body: { fields: { volumeMl: 'At least 100 ml', paymentMethod: 'Choose how to pay' } } });

    // Below the minimum top-up: the schema lets it through and the domain refuses it with its own field message.
    const person = await newAccount('bahasafields');
    const topup = (headers: Record<string, string>) => apiFetch('/api/wallet/topup', {
      method: 'POST', json: { amount: 5_000, paymentMethod: 'qris' }, headers: { ...bearer(person.token), 'idempotency-key': crypto.randomUUID(), ...headers },
    });
    expect(await topup({ 'accept-language': 'id' })).toMatchObject({ status: 400, body: { message: 'Jumlah isi saldo minimal Rp 10.000', fields: { amount: 'Jumlah isi saldo minimal Rp 10.000' } } });
    expect(await topup({})).toMatchObject({ status: 400, body: { fields: { amount: 'Minimum top up amount is Rp 10,000' } } });
  });
});
