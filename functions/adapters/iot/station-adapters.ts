import { IoTClient } from '@aws-sdk/client-iot';
import { IoTDataPlaneClient } from '@aws-sdk/client-iot-data-plane';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SigningKeys } from '../../ports/signing-keys';
import type { StationMessages } from '../../ports/station-messages';
import type { StationRegistry } from '../../ports/station-registry';
import type { VendSessions } from '../../ports/vend-sessions';
import { DynamoVendSessions } from '../dynamodb/vend-sessions';
import { LocalCaStationRegistry } from '../local-ca/local-ca-station-registry';
import { fileSigningKeys } from '../signing/file-signing-keys';
import { unconfiguredSigningKeys } from '../signing/jwk-signing-keys';
import { secretsManagerSigningKeys } from '../signing/secrets-manager-signing-keys';
import { IotStationRegistry } from './iot-station-registry';
import { IotDataStationMessages } from './iot-station-messages';
import { LocalBrokerStationMessages } from './local-broker-messages';

export interface StationAdapters {
  stationRegistry: StationRegistry;
  stationMessages: StationMessages;
  signingKeys: SigningKeys;
  vendSessions: VendSessions;
}

/**
 * The station side of the composition root, chosen from the environment:
 * - AWS: IOT_POLICY_NAME (+ IOT_THING_TYPE_NAME, IOT_ENDPOINT = the iot:Data-ATS host, optional),
 *   SIGNING_KEY_SECRET_ARN (a secret whose string is the ES256 private JWK).
 * - Local cloud: LOCAL_CA_DIR (the local CA), LOCAL_BROKER_URL (mqtts://...), SIGNING_KEY_FILE (private JWK file).
 */
export function createStationAdapters(env: NodeJS.ProcessEnv, db: DynamoDBDocumentClient, config: { tableName: string; region?: string }): StationAdapters {
  const region = config.region ?? 'ap-southeast-3';
  const localCa = env.LOCAL_CA_DIR;
  const localBroker = () => env.LOCAL_BROKER_URL ?? 'mqtts://127.0.0.1:8883';
  return {
    vendSessions: new DynamoVendSessions(db, config.tableName),
    stationRegistry: localCa
      ? new LocalCaStationRegistry(localCa, localBroker)
      : env.IOT_POLICY_NAME
        ? new IotStationRegistry(new IoTClient({ region }), { policyName: env.IOT_POLICY_NAME, thingTypeName: env.IOT_THING_TYPE_NAME || undefined, endpoint: env.IOT_ENDPOINT || undefined })
        : { provision: () => Promise.reject(new Error('Station provisioning is not configured: set IOT_POLICY_NAME (AWS) or LOCAL_CA_DIR (local)')) },
    stationMessages: localCa && env.LOCAL_BROKER_URL
      ? new LocalBrokerStationMessages(env.LOCAL_BROKER_URL, localCa)
      : new IotDataStationMessages(new IoTDataPlaneClient({ region, ...(env.IOT_ENDPOINT ? { endpoint: `https://${env.IOT_ENDPOINT}` } : {}) })),
    signingKeys: env.SIGNING_KEY_FILE
      ? fileSigningKeys(env.SIGNING_KEY_FILE)
      : env.SIGNING_KEY_SECRET_ARN
        ? secretsManagerSigningKeys(new SecretsManagerClient({ region }), env.SIGNING_KEY_SECRET_ARN)
        : unconfiguredSigningKeys,
  };
}
