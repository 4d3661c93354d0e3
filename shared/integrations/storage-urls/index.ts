/**
 * The presigned URLs of this environment: S3 (cloud.ts), locally the same client pointed at the S3
 * emulator by `S3_ENDPOINT`. `useStorageUrls` puts another implementation in its place (a test);
 * `useStorageUrls(undefined)` goes back to the configured one, read afresh.
 */
import { forgetS3Urls, s3Urls } from './cloud.ts';
import type { StorageUrls } from './port.ts';

let chosen: StorageUrls | undefined;

export function getStorageUrls(): StorageUrls {
  return chosen ?? s3Urls;
}

export function useStorageUrls(impl: StorageUrls | undefined): void {
  chosen = impl;
  if (!impl) forgetS3Urls();
}
