import { LocalBrokerStationMessages } from './adapters/iot/local-broker-messages';
import { LocalCaStationRegistry } from './adapters/local-ca/local-ca-station-registry';
import type { AdminAuthenticator } from './ports/admin-auth';
import type { Geocoder } from './ports/geocoder';
import type { ApplePayMerchantValidator, PaymentGateway } from './ports/payment-gateway';
import type { SigningKeys } from './ports/signing-keys';
import type { StationMessages } from './ports/station-messages';
import type { StationRegistry } from './ports/station-registry';
import { adminAuth } from './providers/admin-auth';
import { data, type DataServices } from './providers/data';
import { geocoder } from './providers/geocoder';
import { payments } from './providers/payments';
import { signingKeys } from './providers/signing-keys';
import { stationMessages } from './providers/station-messages';
import { stationRegistry } from './providers/station-registry';

/**
 * Every port at once, for local tools and tests (the simulator, the benchmarks, test arrangements).
 * Lambda handlers never import this file: each imports only the providers it uses (functions/providers/),
 * so its bundle carries only its own adapters.
 */
export interface Services extends DataServices {
  stationRegistry: StationRegistry;
  stationMessages: StationMessages;
  signingKeys: SigningKeys;
  geocoder: Geocoder;
  payments: PaymentGateway;
  applePay: ApplePayMerchantValidator;
  adminAuth: AdminAuthenticator;
}

/**
 * The local cloud's station adapters in place of IoT Core: its CA issues station identities and its broker
 * carries the answers to stations (LOCAL_CA_DIR and LOCAL_BROKER_URL, set by infra/local/broker-stack.ts).
 */
export function useLocalStationAdapters(env: NodeJS.ProcessEnv = process.env): void {
  const caDir = env.LOCAL_CA_DIR;
  if (!caDir) return;
  const brokerUrl = () => env.LOCAL_BROKER_URL ?? 'mqtts://127.0.0.1:8883';
  stationRegistry.use(new LocalCaStationRegistry(caDir, brokerUrl));
  if (env.LOCAL_BROKER_URL) stationMessages.use(new LocalBrokerStationMessages(env.LOCAL_BROKER_URL, caDir));
}

export function createServices(env: NodeJS.ProcessEnv = process.env): Services {
  useLocalStationAdapters(env);
  const { gateway, applePay } = payments();
  return {
    ...data(),
    stationRegistry: stationRegistry(),
    stationMessages: stationMessages(),
    signingKeys: signingKeys(),
    geocoder: geocoder(),
    payments: gateway,
    applePay,
    adminAuth: adminAuth(),
  };
}

let current: Services | undefined;
export function services(): Services {
  current ??= createServices();
  return current;
}
