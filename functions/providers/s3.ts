import { S3Client } from '@aws-sdk/client-s3';
import { awsRegion, localOnlySetting } from '../environment';
import { traced } from '../observability';
import { provider } from './provider';

/** S3; in the local cloud its emulator (AWS_ENDPOINT_URL_S3), which takes path-style addresses only (LOCAL_UPLOAD_URL is set only there). */
export const s3Client = /* @__PURE__ */ provider(() => traced(new S3Client({ region: awsRegion(), forcePathStyle: Boolean(localOnlySetting('LOCAL_UPLOAD_URL')) })));
