import { AppleMerchantSession } from '../adapters/apple-pay/merchant-session';
import { MidtransGateway } from '../adapters/midtrans/gateway';
import { SandboxMerchantSession } from '../adapters/sandbox-gateway/apple-pay';
import { sandboxControl } from '../adapters/sandbox-gateway/control';
import { SandboxGateway } from '../adapters/sandbox-gateway/gateway';
import { loadPaymentConfig, type PaymentConfig, type SecretReader } from '../adapters/secrets/payment-config';
import { unavailable } from '../../platform/domain/errors';
import type { ApplePayMerchantValidator, ChargeRequest, OrderRef, PaymentGateway, RefundRequest } from '../ports/payment-gateway';
import { provider } from '../../platform/providers/provider';

const CONFIG_TTL_MS = 5 * 60_000;

/**
 * The adapter of the configured gateway. A deployment's bundles are built for its PAYMENTS_MODE: esbuild writes it in
 * for `process.env.BUNDLED_PAYMENTS_MODE` (infra/constructs/function-bundle.ts) and leaves the other mode's adapter
 * out, so a live function carries no sandbox. Run in place (the local cloud, the tests) it is unset and both are there.
 */
function gatewayFor(config: PaymentConfig): PaymentGateway {
  return config.provider === 'midtrans'
    ? process.env.BUNDLED_PAYMENTS_MODE !== 'sandbox' ? new MidtransGateway({ serverKey: config.serverKey, production: config.production, notificationUrl: config.notificationUrl }) : notBundled(config)
    : process.env.BUNDLED_PAYMENTS_MODE !== 'live' ? new SandboxGateway({ serverKey: config.serverKey, notificationUrl: config.notificationUrl, control: sandboxControl, log: (m, d) => console.warn(JSON.stringify({ level: 'warn', message: m, ...d })) }) : notBundled(config);
}

/** A deployment defect, said plainly: the function's PAYMENTS_MODE is not the one its bundle was built for. */
function notBundled(config: PaymentConfig): never {
  throw new Error(`This function was bundled for PAYMENTS_MODE=${process.env.BUNDLED_PAYMENTS_MODE}; its configuration asks for ${config.provider}`);
}

/**
 * The gateway chooser: Midtrans when a server key is configured (env locally, Secrets Manager in AWS), else the
 * sandbox gateway, with Apple Pay merchant validation beside it. The adapter is chosen from the configuration
 * (PAYMENTS_MODE and the payment secret, see adapters/secrets/payment-config.ts), read on first use and again after
 * a few minutes, so a key put into the secret is picked up without a deploy.
 */
export function configuredPaymentGateway(env: NodeJS.ProcessEnv = process.env, readSecret?: SecretReader): { paymentGateway: PaymentGateway; applePay: ApplePayMerchantValidator } {
  let cached: { at: number; config: PaymentConfig; gateway: PaymentGateway; applePay: ApplePayMerchantValidator | null } | undefined;
  let loading: Promise<NonNullable<typeof cached>> | undefined;

  const resolve = async () => {
    if (cached && Date.now() - cached.at < CONFIG_TTL_MS) return cached;
    loading ??= (async () => {
      try {
        const config = await loadPaymentConfig(env, readSecret);
        // Keep the sandbox (and its charges' transaction ids) when the configuration did not change.
        const same = cached && cached.config.provider === config.provider && cached.config.serverKey === config.serverKey;
        const gateway = same ? cached!.gateway : gatewayFor(config);
        const applePay = config.applePay
          ? new AppleMerchantSession(config.applePay)
          : config.provider === 'sandbox' && process.env.BUNDLED_PAYMENTS_MODE !== 'live' ? new SandboxMerchantSession() : null;
        cached = { at: Date.now(), config, gateway, applePay };
        return cached;
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  };

  return {
    paymentGateway: {
      charge: async (request: ChargeRequest) => (await resolve()).gateway.charge(request),
      verifyNotification: async (body: unknown) => (await resolve()).gateway.verifyNotification(body),
      status: async (order: OrderRef) => (await resolve()).gateway.status(order),
      refund: async (request: RefundRequest) => (await resolve()).gateway.refund(request),
    },
    applePay: {
      merchantSession: async (validationURL: URL, domainName: string) => {
        const { applePay } = await resolve();
        if (!applePay) throw unavailable('Apple Pay is not configured (no merchant identity certificate in the payment secret)');
        return applePay.merchantSession(validationURL, domainName);
      },
    },
  };
}

const configured = provider(() => configuredPaymentGateway());
/** The configured payment gateway (one per Lambda container). */
export const paymentGateway = () => configured().paymentGateway;
/** Apple Pay merchant validation of the configured gateway. */
export const applePay = () => configured().applePay;
