import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENTS_NOT_CONFIGURED } from '../adapters/secrets/payment-config';
import { live, noSecrets, sandbox, secretOf } from '../adapters/secrets/payment-config.test-fakes';
import { configuredPaymentGateway } from './payment-gateway';

/** The gateway chooser: the sandbox's Apple Pay sessions, and no gateway at all without a key. */

describe('the configured payment gateway', () => {
  it('serves Apple Pay sandbox sessions in sandbox mode and refuses when Midtrans runs without an Apple identity', async () => {
    const simulated = configuredPaymentGateway({ ...sandbox, SANDBOX_SERVER_KEY: 'k' }, noSecrets);
    expect(await simulated.applePay.merchantSession(new URL('https://apple-pay-gateway.apple.com/x'), 'refill.example')).toMatchObject({ domainName: 'refill.example', sandbox: true });
    const midtrans = configuredPaymentGateway({ ...live, MIDTRANS_SERVER_KEY: 'SB-Mid-server-x' }, noSecrets);
    await expect(midtrans.applePay.merchantSession(new URL('https://apple-pay-gateway.apple.com/x'), 'refill.example')).rejects.toThrow(/not configured/);
  });

  it("refuses to serve a payments mode its bundle was not built for, loudly (a deployment defect)", async () => {
    // What esbuild writes in for a live deployment's bundle (infra/constructs/function-bundle.ts).
    vi.stubEnv('BUNDLED_PAYMENTS_MODE', 'live');
    const { paymentGateway: gateway } = configuredPaymentGateway({ ...sandbox, SANDBOX_SERVER_KEY: 'k' }, noSecrets);
    await expect(gateway.status({ orderId: 'o1', amount: 10_000, method: 'qris' } as never)).rejects.toThrow('This function was bundled for PAYMENTS_MODE=live; its configuration asks for sandbox');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('a charge in a deployment without a key fails with 503 and never reaches a gateway', async () => {
    const { paymentGateway: gateway } = configuredPaymentGateway(live, secretOf({ serverKey: '', placeholder: 'p' }));
    await expect(gateway.charge({ orderId: 'o1', amount: 10_000, method: 'qris' } as never)).rejects.toMatchObject({ status: 503, message: PAYMENTS_NOT_CONFIGURED });
  });
});
