import { LocalBrokerStationJobs } from './adapters/local-broker-jobs';
import { LocalBrokerStationMessages } from './adapters/local-broker-messages';
import { LocalCaStationRegistry } from './adapters/local-ca-station-registry';
import { fileSigningKeys } from './adapters/file-signing-keys';
import { SmtpMailer } from './adapters/smtp-mailer';
import { localOnlySetting, setting } from '../../functions/platform/environment';
import type { AdminAuthenticator } from '../../functions/accounts/ports/admin-auth';
import type { DeadLetters } from '../../functions/platform/ports/dead-letters';
import type { Geocoder } from '../../functions/fleet/ports/geocoder';
import type { Mailer } from '../../functions/platform/ports/mailer';
import type { ApplePayMerchantValidator, PaymentGateway } from '../../functions/wallet/ports/payment-gateway';
import type { SigningKeys } from '../../functions/vending/ports/signing-keys';
import type { StationJobs } from '../../functions/fleet/ports/station-jobs';
import type { StationMessages } from '../../functions/vending/ports/station-messages';
import type { StationRegistry } from '../../functions/fleet/ports/station-registry';
import { adminAuth } from '../../functions/accounts/providers/admin-auth';
import { data, type DataServices } from './composition-data';
import { deadLetters } from '../../functions/platform/providers/dead-letters';
import { geocoder } from '../../functions/fleet/providers/geocoder';
import { mailer } from '../../functions/platform/providers/mailer';
import { applePay, paymentGateway } from '../../functions/wallet/providers/payment-gateway';
import { signingKeys } from '../../functions/vending/providers/signing-keys';
import { stationJobs } from '../../functions/fleet/providers/station-jobs';
import { stationMessages } from '../../functions/vending/providers/station-messages';
import { stationRegistry } from '../../functions/fleet/providers/station-registry';

/**
 * Every port at once, for local tools and tests (the simulator, the benchmarks, test arrangements).
 * Lambda handlers never import this file: each imports only the providers it uses (functions/<context>/providers/),
 * so its bundle carries only its own adapters.
 */
export interface Services extends DataServices {
  stationRegistry: StationRegistry;
  stationMessages: StationMessages;
  stationJobs: StationJobs;
  signingKeys: SigningKeys;
  geocoder: Geocoder;
  paymentGateway: PaymentGateway;
  applePay: ApplePayMerchantValidator;
  adminAuth: AdminAuthenticator;
  mailer: Mailer;
  deadLetters: DeadLetters;
}

/**
 * The local cloud's station adapters in place of IoT Core and Secrets Manager: its key file signs NFC and vend tokens,
 * its CA issues station identities and its broker carries the answers and jobs to stations (SIGNING_KEY_FILE,
 * LOCAL_CA_DIR and LOCAL_BROKER_URL, set by infra/local/broker-stack.ts).
 */
export function useLocalStationAdapters(env: NodeJS.ProcessEnv = process.env): void {
  const keyFile = localOnlySetting('SIGNING_KEY_FILE', env);
  if (keyFile) signingKeys.use(fileSigningKeys(keyFile));
  const caDir = localOnlySetting('LOCAL_CA_DIR', env);
  if (!caDir) return;
  const brokerUrl = localOnlySetting('LOCAL_BROKER_URL', env);
  stationRegistry.use(new LocalCaStationRegistry(caDir, () => brokerUrl ?? 'mqtts://127.0.0.1:8883'));
  if (brokerUrl) {
    stationMessages.use(new LocalBrokerStationMessages(brokerUrl, caDir));
    stationJobs.use(new LocalBrokerStationJobs(brokerUrl, caDir));
  }
}

/**
 * The local cloud's outbox in place of SES: every e-mail goes by SMTP to it, from the same MAIL_FROM (LOCAL_SMTP_URL,
 * set by infra/local/stack.ts).
 */
export function useLocalMailer(env: NodeJS.ProcessEnv = process.env): void {
  const smtpUrl = localOnlySetting('LOCAL_SMTP_URL', env);
  if (smtpUrl) mailer.use(new SmtpMailer(smtpUrl, setting('MAIL_FROM', env), setting('SITE_URL', env)));
}

export function createServices(env: NodeJS.ProcessEnv = process.env): Services {
  useLocalStationAdapters(env);
  useLocalMailer(env);
  return {
    ...data(),
    stationRegistry: stationRegistry(),
    stationMessages: stationMessages(),
    stationJobs: stationJobs(),
    signingKeys: signingKeys(),
    geocoder: geocoder(),
    paymentGateway: paymentGateway(),
    applePay: applePay(),
    adminAuth: adminAuth(),
    mailer: mailer(),
    deadLetters: deadLetters(),
  };
}

let current: Services | undefined;
export function services(): Services {
  current ??= createServices();
  return current;
}
