/**
 * The presigned URLs of this environment: S3 (cloud.ts); locally the same signer, pointed at the S3
 * emulator by `S3_ENDPOINT` (that configuration is the local implementation).
 * Callers import this module whole (`import * as storageUrls from '.../storage-urls/index.ts'`).
 */
import * as s3 from './cloud.ts';
import type { StorageUrls } from './port.ts';

let chosen: StorageUrls | undefined;

/** Puts another implementation in place (a test); undefined goes back to the configured one, read afresh. */
export function useStorageUrls(impl: StorageUrls | undefined): void {
  chosen = impl;
  if (!impl) s3.forgetS3Urls();
}

// The port's operations, each the one put in place, else the configured one's: separate functions,
// so that a bundle keeps only the operations its function calls.
export const presignUpload: StorageUrls['presignUpload'] = (...args) =>
  chosen ? chosen.presignUpload(...args) : s3.presignUpload(...args);
export const presignDownload: StorageUrls['presignDownload'] = (...args) =>
  chosen ? chosen.presignDownload(...args) : s3.presignDownload(...args);
