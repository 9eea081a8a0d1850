import { createHash } from 'node:crypto';
import type { LocalOutputs } from './stack';

/**
 * The environment under which another process's own code uses the services of a running local cloud (the simulator,
 * the benchmarks, tests that arrange and assert through infra/local/composition.ts), as the stack's handlers do.
 */
export function serviceEnvironment(outputs: LocalOutputs): Record<string, string> {
  return {
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    TABLE_NAME: outputs.dynamodb.tableName,
    AWS_ENDPOINT_URL_DYNAMODB: outputs.dynamodb.endpoint,
    AWS_REGION: outputs.dynamodb.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    ORIGIN_VERIFY_SHA256: createHash('sha256').update(outputs.originSecret).digest('hex'),
    LOCAL_CA_DIR: outputs.stations.caDir,
    SIGNING_KEY_FILE: outputs.stations.signingKeyFile,
    LOCAL_BROKER_URL: outputs.stations.broker,
    AWS_ENDPOINT_URL_SQS: outputs.stations.deadLetters.endpoint,
    DEAD_LETTER_QUEUE_URLS: outputs.stations.deadLetters.queueUrls.join(','),
    ALERT_EMAIL: outputs.mail.alerts,
    LOCAL_SMTP_URL: outputs.mail.smtp,
    MAIL_FROM: outputs.mail.from,
    SITE_URL: outputs.siteUrl,
    AWS_ENDPOINT_URL_S3: outputs.storage.endpoint,
    FILES_BUCKET: outputs.storage.bucket,
    STATION_LIST_BUCKET: outputs.storage.stationListBucket,
    LOCAL_UPLOAD_URL: outputs.storage.webPath,
  };
}
