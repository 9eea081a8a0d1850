import { S3FileStore } from '../adapters/s3/s3-file-store';
import { localOnlySetting, setting } from '../environment';
import { provider } from './provider';
import { s3Client } from './s3';

/** Uploaded files in FILES_BUCKET (the local cloud: its S3 emulator through AWS_ENDPOINT_URL_S3, path-style). */
export const files = /* @__PURE__ */ provider(() => new S3FileStore(s3Client(), setting('FILES_BUCKET'), localOnlySetting('LOCAL_UPLOAD_URL')));
