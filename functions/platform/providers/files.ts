import { S3Bucket } from '../adapters/s3/s3-bucket';
import { S3FileStore } from '../adapters/s3/s3-file-store';
import { localOnlySetting, setting } from '../environment';
import { provider } from './provider';

/** Uploaded files in FILES_BUCKET (the local cloud: its S3 emulator through AWS_ENDPOINT_URL_S3, path-style). */
export const files = /* @__PURE__ */ provider(() => new S3FileStore(new S3Bucket(setting('FILES_BUCKET')), localOnlySetting('LOCAL_UPLOAD_URL')));
