import { bearer } from './auth';
import { apiFetch } from './local';

/** A top-up of the account with `token`, paid in the sandbox gateway, once the wallet holds it; its order id. */
export async function settledTopup(token: string, amount: number, paymentMethod = 'gopay'): Promise<string> {
  const res = await apiFetch('/api/wallet/topup', { method: 'POST', headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() }, json: { amount, paymentMethod } });
  for (let tries = 0; (await apiFetch(`/api/wallet/topup/${res.body.id}`, { headers: bearer(token) })).body.status !== 'settled'; tries++) {
    if (tries > 60) throw new Error(`top-up ${res.body.id} did not settle`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return res.body.id as string;
}
